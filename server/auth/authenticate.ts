import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadActor } from './actor';
import { ACCESS_COOKIE, REFRESH_COOKIE, sessionOfRefresh } from './sessions';
import { signedClaims, verifyAccessToken } from './tokens';
import { checkXsrf, xsrfTokenValid } from './xsrf';
import { XSRF_COOKIE } from '../../engine/http/xsrf';
import { bearerOf, invalidToken, tokenAuthenticator, type TokenOptions } from './personal-tokens';
import type { Actor } from './actor';
import { ApiError } from '../http/envelope';

// onRequest for /api: the caller (request.actor) from a personal access token
// in `Authorization: Bearer` (no cookie involved, so no anti-forgery check; a
// bad token is a 401 on every method), else the anti-forgery check and the
// caller from the access cookie (null when signed out or revoked).

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

/** The bases authenticated like the API: the API itself and the status channels (`/status`, the status base URL). */
const AUTHENTICATED_BASES = ['/api', '/status'];

/**
 * Whether Fastify matched the request to a route of the /api scope (or the status base). Decided on
 * the route the router chose (after it decoded the path), so `/%61pi/…` is
 * an /api call like `/api/…`; a path no route matched is decided on its decoded
 * spelling, so a bad token on an unknown /api path is still a 401.
 */
export const isApiRoute = (request: FastifyRequest): boolean => {
  const route = request.routeOptions.url ?? unmatchedPath(request.url);
  return AUTHENTICATED_BASES.some((base) => route === base || route.startsWith(`${base}/`));
};

/** The decoded path of a request no route matched (it still answers as the /api scope when it lies under it). */
function unmatchedPath(url: string): string {
  const path = url.split('?')[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The session an access cookie was issued for, expired or not ('' when none): the XSRF token is bound to it. */
const cookieSessionId = (app: FastifyInstance, token: string | undefined) =>
  (token && signedClaims(token, app.ctx.tokenKey)?.sid) || '';

/** The calls that read the refresh cookie (sent to their path only). */
const REFRESH_ROUTES = new Set(['/api/account/token/refresh', '/api/account/token/revoke']);

/**
 * The session the caller's XSRF token must be bound to: the access cookie's. A sign-in starts a new session
 * whatever cookies arrive, so a token of the signed-out state ('') verifies it too (an old or foreign access
 * cookie beside it is not upgraded, only ignored); a refresh or sign-out with the refresh cookie alone is
 * bound to that cookie's session.
 */
async function xsrfSessionId(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const sid = cookieSessionId(app, request.cookies[ACCESS_COOKIE]);
  const route = request.routeOptions.url ?? '';
  const others =
    route === '/api/account/login'
      ? ['']
      : !sid && REFRESH_ROUTES.has(route)
        ? [(await sessionOfRefresh(app.ctx, request.cookies[REFRESH_COOKIE])) ?? '']
        : [];
  const token = request.cookies[XSRF_COOKIE];
  return [sid, ...others].find((id) => xsrfTokenValid(token, app.ctx.tokenKey, id)) ?? sid;
}

export function registerAuthentication(app: FastifyInstance, tokens: TokenOptions = {}): void {
  app.decorateRequest('actor', null);
  const byToken = tokenAuthenticator(app, tokens);
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (!isApiRoute(request)) return;
    const bearer = bearerOf(request);
    if (bearer === null) throw invalidToken();
    // The one place that decides on the anti-forgery check: a bearer call
    // carries no ambient credential a cross-site page could ride on, and is
    // never authenticated by its cookies.
    if (bearer) {
      request.actor = await byToken(request, bearer);
    } else {
      const access = request.cookies[ACCESS_COOKIE];
      checkXsrf(request, reply, app.ctx.tokenKey, await xsrfSessionId(app, request));
      request.actor = await resolveActor(app, access);
    }
    const blocked = request.actor && startupBlock(request.actor);
    if (blocked && !OPEN_WHEN_BLOCKED.has(request.routeOptions.url!)) throw blocked;
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
