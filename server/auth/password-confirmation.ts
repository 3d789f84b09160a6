import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { actorOf } from './guards';
import { ApiError } from '../http/envelope';

// Destructive admin tools answer HTTP 423 with a message until the caller
// confirms the password (POST /password-confirmation); a confirmation lasts
// 15 minutes for the session.

export const CONFIRMATION_TTL_MS = 15 * 60_000;

export function requirePasswordConfirmation(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const actor = actorOf(request);
    const at = actor.passwordConfirmedAt ? Date.parse(actor.passwordConfirmedAt) : NaN;
    if (Number.isNaN(at) || ctx.now().getTime() - at > CONFIRMATION_TTL_MS) {
      throw ApiError.of(423, 'PASSWORD_CONFIRMATION_REQUIRED', 'Please confirm your password before continuing.');
    }
  };
}
