import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verify } from 'otplib';
import { actorOf } from './guards';
import { sha256 } from './tokens';
import { ApiError } from '../http/envelope';
import { sendMail } from '../services/mail';
import type { AppContext } from '../context';

// Multi-factor confirmation of sensitive writes (forms spec §4): a user with
// MFA gets MFA_REQUIRED with meta.mfa_method and a session id; resubmitting
// the same call with session_code and session_id (or session_uuid) passes;
// a wrong code answers CONFIRMATION_FAILED. E-mail and Teltonika ID codes go to the mail log.

const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * Methods whose one-time code the server sends: e-mail, and Teltonika ID,
 * whose code the reference server delivers through the mail service (the
 * mail log stands in for the Teltonika ID app). TOTP codes come from the
 * user's authenticator.
 */
const CODE_DELIVERY: Record<string, { subject: string; template: string } | undefined> = {
  email: { subject: 'Your verification code', template: 'mfa_code' },
  teltonika_id: { subject: 'Your Teltonika ID verification code', template: 'mfa_teltonika_id' },
};
const MAX_ATTEMPTS = 5;

interface MfaFields {
  code?: string;
  id?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    mfa: MfaFields | null;
  }
}

/** preValidation: lift the MFA resubmission fields out of the body (or query for DELETE). */
export function extractMfaFields(request: FastifyRequest): void {
  const source = (
    request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? request.body : request.query
  ) as Record<string, unknown> | undefined;
  if (!source) return;
  const code = source.session_code;
  const id = source.session_id ?? source.session_uuid;
  delete source.session_code;
  delete source.session_id;
  delete source.session_uuid;
  request.mfa = { code: code == null ? undefined : String(code), id: id == null ? undefined : String(id) };
}

/**
 * Verifies a TOTP code and spends its time step: a code is accepted once only
 * (RFC 6238 §5.2), so the step must be later than the last one accepted for
 * the user, and the conditional update settles two concurrent uses.
 */
async function spendTotpCode(ctx: AppContext, userId: number, secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const { totp_last_step: last } = await ctx.db
    .selectFrom('users')
    .select('totp_last_step')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    epoch: Math.floor(ctx.now().getTime() / 1000),
    ...(last === null ? {} : { afterTimeStep: last }),
  });
  if (!result.valid || !('timeStep' in result)) return false;
  const spent = await ctx.db
    .updateTable('users')
    .set({ totp_last_step: result.timeStep })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', result.timeStep)]))
    .executeTakeFirst();
  return spent.numUpdatedRows > 0n;
}

export function registerMfa(app: FastifyInstance): void {
  app.decorateRequest('mfa', null);
}

/** preHandler for the MFA-protected writes. */
export function requireMfa(app: FastifyInstance) {
  const { ctx } = app;
  return async (request: FastifyRequest) => {
    const actor = actorOf(request);
    const method = actor.user.mfa_type;
    if (!method) return;
    const given = request.mfa;
    const now = ctx.now();
    if (given?.code && given.id) {
      const challenge = await ctx.db
        .selectFrom('mfa_challenges')
        .selectAll()
        .where('id', '=', given.id)
        .where('user_id', '=', actor.user.id)
        .executeTakeFirst();
      const usable =
        challenge &&
        !challenge.used_at &&
        challenge.expires_at > now.toISOString() &&
        challenge.attempts < MAX_ATTEMPTS;
      let valid = false;
      if (usable && method === 'totp' && actor.user.mfa_secret) {
        valid = await spendTotpCode(ctx, actor.user.id, actor.user.mfa_secret, given.code);
      } else if (usable && challenge.code_hash) {
        valid = sha256(given.code.trim()) === challenge.code_hash;
      }
      if (valid) {
        await ctx.db
          .updateTable('mfa_challenges')
          .set({ used_at: now.toISOString() })
          .where('id', '=', given.id)
          .execute();
        return;
      }
      if (challenge) {
        await ctx.db
          .updateTable('mfa_challenges')
          .set({ attempts: challenge.attempts + 1 })
          .where('id', '=', challenge.id)
          .execute();
      }
      throw ApiError.of(422, 'CONFIRMATION_FAILED', 'The verification code is invalid or expired.', 'session_code', {
        mfa_method: method,
        mfa_type: method,
        session_id: given.id,
        session_uuid: given.id,
      });
    }
    const id = randomUUID();
    let codeHash: string | null = null;
    const delivery = CODE_DELIVERY[method];
    if (delivery) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      codeHash = sha256(code);
      await sendMail(ctx, {
        to: actor.user.email,
        subject: delivery.subject,
        body: `Your verification code is ${code}. It expires in 10 minutes.`,
        template: delivery.template,
      });
    }
    await ctx.db
      .insertInto('mfa_challenges')
      .values({
        id,
        user_id: actor.user.id,
        method,
        code_hash: codeHash,
        expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
        used_at: null,
        attempts: 0,
      })
      .execute();
    throw ApiError.of(403, 'MFA_REQUIRED', 'Multi-factor authentication is required to continue.', null, {
      mfa_method: method,
      mfa_type: method,
      session_id: id,
      session_uuid: id,
    });
  };
}
