import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { REFRESH_TOKEN_TTL_S, randomToken, sha256, signAccessToken } from './tokens';

// Server-side sessions: one row per sign-in (or impersonation), holding the
// hash of the rotating refresh token. Cookies are httpOnly.

export const ACCESS_COOKIE = 'rms_access';
export const REFRESH_COOKIE = 'rms_refresh';
const REFRESH_PATH = '/api/account/token';

export interface SessionRow {
  id: string;
  user_id: number;
  impersonator_id: number | null;
  impersonation_until: string | null;
}

export async function createSession(
  ctx: AppContext,
  userId: number,
  extra: { impersonatorId?: number; impersonationUntil?: string; impersonationLogId?: number } = {},
) {
  const refresh = randomToken();
  const now = ctx.now();
  const session: SessionRow = {
    id: randomUUID(),
    user_id: userId,
    impersonator_id: extra.impersonatorId ?? null,
    impersonation_until: extra.impersonationUntil ?? null,
  };
  await ctx.db
    .insertInto('sessions')
    .values({
      ...session,
      impersonation_log_id: extra.impersonationLogId ?? null,
      refresh_hash: sha256(refresh),
      refresh_expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_S * 1000).toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
  return { session, refresh };
}

/** Sets the access and refresh cookies for a session. */
export function issueCookies(reply: FastifyReply, ctx: AppContext, session: SessionRow, refresh: string) {
  const act = session.impersonator_id ? { act: { sub: String(session.impersonator_id) } } : {};
  const { token, claims } = signAccessToken(
    { sub: String(session.user_id), sid: session.id, ...act },
    ctx.tokenKey,
    ctx.now().getTime(),
  );
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: reply.request.protocol === 'https' };
  reply.setCookie(ACCESS_COOKIE, token, { ...base, path: '/', maxAge: REFRESH_TOKEN_TTL_S });
  reply.setCookie(REFRESH_COOKIE, refresh, { ...base, path: REFRESH_PATH, maxAge: REFRESH_TOKEN_TTL_S });
  return claims;
}

export function clearCookies(reply: FastifyReply) {
  reply.clearCookie(ACCESS_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
}

/** Finds the live session of a refresh token and rotates the token. */
export async function rotateRefresh(ctx: AppContext, refresh: string) {
  const row = await ctx.db
    .selectFrom('sessions')
    .selectAll()
    .where('refresh_hash', '=', sha256(refresh))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row || row.refresh_expires_at <= ctx.now().toISOString()) return null;
  const next = randomToken();
  await ctx.db
    .updateTable('sessions')
    .set({ refresh_hash: sha256(next) })
    .where('id', '=', row.id)
    .execute();
  return { row, refresh: next };
}

export async function revokeSession(ctx: AppContext, sessionId: string) {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.now().toISOString() })
    .where('id', '=', sessionId)
    .execute();
}
