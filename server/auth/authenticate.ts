import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadActor } from './actor';
import { ACCESS_COOKIE } from './sessions';
import { verifyAccessToken } from './tokens';
import { checkXsrf } from './xsrf';
import type { Actor } from './actor';
import { ApiError } from '../http/envelope';

// onRequest for /api: anti-forgery check, then the caller from the access
// cookie (request.actor, null when signed out or the session was revoked).

export async function resolveActor(app: FastifyInstance, token: string | undefined) {
  if (!token) return null;
  const claims = verifyAccessToken(token, app.ctx.tokenKey, app.ctx.now().getTime());
  if (!claims) return null;
  const { actors, version } = app.ctx;
  const cached = actors.get(token);
  if (cached && (!cached.impersonationUntil || cached.impersonationUntil > app.ctx.now().toISOString())) return cached;
  const at = version.value;
  const session = await app.ctx.db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'impersonator_id', 'impersonation_until', 'password_confirmed_at', 'revoked_at'])
    .where('id', '=', claims.sid)
    .executeTakeFirst();
  if (!session || session.revoked_at || String(session.user_id) !== claims.sub) return null;
  if (session.impersonation_until && session.impersonation_until <= app.ctx.now().toISOString()) return null;
  const actor = await loadActor(app.ctx.db, session.user_id, session, claims.exp);
  if (actor) actors.set(token, actor, at);
  return actor;
}

export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (!request.url.startsWith('/api/') && request.url !== '/api') return;
    checkXsrf(request, reply);
    request.actor = await resolveActor(app, request.cookies[ACCESS_COOKIE]);
    const blocked = request.actor && startupBlock(request.actor);
    if (blocked && !OPEN_WHEN_BLOCKED.has(request.url.split('?')[0])) throw blocked;
  });
}

/** Calls an account with a start-up error may still make. */
const OPEN_WHEN_BLOCKED = new Set([
  '/api/health',
  '/api/account/login',
  '/api/account/token/refresh',
  '/api/account/token/revoke',
  '/api/account/user/activation/resend',
]);

/** Start-up errors of shell spec §8 that replace the app with a notice page. */
export function startupBlock(actor: Actor): ApiError | null {
  if (!actor.user.email_verified) {
    return ApiError.of(403, 'EMAIL_NOT_VERIFIED', 'Your e-mail address is not verified.');
  }
  if (actor.user.external) {
    return ApiError.of(403, 'NOT_INVITED_EXTERNAL_USER', 'The external user has not been invited.');
  }
  if (actor.user.mfa_mandatory && !actor.user.mfa_type && !actor.impersonatorId) {
    return ApiError.of(403, 'MFA_MANDATORY', 'Multi-factor authentication must be set up to continue.');
  }
  return null;
}
