import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { REFRESH_TOKEN_TTL_S, randomToken, sha256, signAccessToken } from './tokens';
import { issueXsrfCookie } from './xsrf';

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

/** Sets the access and refresh cookies for a session, and an anti-forgery token bound to it. */
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
  issueXsrfCookie(reply, ctx.tokenKey, session.id);
  return claims;
}

/** Clears the session cookies; the anti-forgery token starts over without a session. */
export function clearCookies(reply: FastifyReply, ctx: AppContext) {
  reply.clearCookie(ACCESS_COOKIE, { path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { path: REFRESH_PATH });
  issueXsrfCookie(reply, ctx.tokenKey, '');
}

/**
 * How long a rotated-out refresh token is still taken as a concurrent refresh
 * (two tabs, or a retry whose first answer was lost) rather than as a replay:
 * within it the session is rotated again; after it, the session ends.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/**
 * Rotates a session's refresh token from `previousHash`, atomically: the
 * session row changes only while it still holds that hash. Null when a
 * concurrent refresh rotated it first.
 */
async function replaceRefresh(ctx: AppContext, sessionId: string, previousHash: string): Promise<string | null> {
  const next = randomToken();
  await ctx.db
    .insertInto('retired_refresh_tokens')
    .values({ refresh_hash: previousHash, session_id: sessionId, retired_at: ctx.now().toISOString() })
    .onConflict((c) => c.column('refresh_hash').doNothing())
    .execute();
  const { numUpdatedRows } = await ctx.db
    .updateTable('sessions')
    .set({ refresh_hash: sha256(next) })
    .where('id', '=', sessionId)
    .where('refresh_hash', '=', previousHash)
    .executeTakeFirst();
  return numUpdatedRows > 0n ? next : null;
}

const liveAt = (row: { revoked_at: string | null; refresh_expires_at: string }, now: Date) =>
  !row.revoked_at && row.refresh_expires_at > now.toISOString();

/** Rotates whatever token a live session holds now (a refresh that lost a race, inside the grace). */
async function rotateCurrent(ctx: AppContext, sessionId: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await ctx.db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
    if (!row || !liveAt(row, ctx.now())) return null;
    const refresh = await replaceRefresh(ctx, row.id, row.refresh_hash);
    if (refresh) return { row, refresh };
  }
  return null;
}

/**
 * Finds the live session of a refresh token and rotates the token. A token
 * that was already rotated out is a stolen or replayed one: the whole session
 * (every token it ever had, and its sockets) ends — unless it was rotated out
 * within REFRESH_REUSE_GRACE_MS and not reused yet, which is a concurrent
 * refresh of the same browser (or a retry whose answer was lost), answered
 * with the session's next token.
 */
export async function rotateRefresh(ctx: AppContext, refresh: string) {
  const hash = sha256(refresh);
  const now = ctx.now();
  const current = await ctx.db.selectFrom('sessions').selectAll().where('refresh_hash', '=', hash).executeTakeFirst();
  if (current) {
    if (!liveAt(current, now)) return null;
    const next = await replaceRefresh(ctx, current.id, hash);
    if (next) return { row: current, refresh: next };
  }
  const retired = await ctx.db
    .selectFrom('retired_refresh_tokens')
    .select(['session_id', 'retired_at'])
    .where('refresh_hash', '=', hash)
    .executeTakeFirst();
  if (!retired) return null;
  if (now.getTime() - Date.parse(retired.retired_at) <= REFRESH_REUSE_GRACE_MS) {
    // The one legitimate race: the first reuse within the grace claims it, atomically, by dating the token's
    // retirement back to the epoch; any further use of the token (a third concurrent refresh, a replay) is then
    // a reuse beyond the grace (OAuth 2.0 Security BCP, refresh token rotation) and ends the session.
    const { numUpdatedRows } = await ctx.db
      .updateTable('retired_refresh_tokens')
      .set({ retired_at: GRACE_CLAIMED })
      .where('refresh_hash', '=', hash)
      .where('retired_at', '=', retired.retired_at)
      .executeTakeFirst();
    if (numUpdatedRows > 0n) return rotateCurrent(ctx, retired.session_id);
  }
  await revokeSession(ctx, retired.session_id);
  return null;
}

/** The retirement time of a rotated-out token whose one reuse within the grace was taken: long past it. */
const GRACE_CLAIMED = new Date(0).toISOString();

/** The session a refresh token belongs to (current or rotated out), whatever its state; null when none. */
export async function sessionOfRefresh(ctx: AppContext, refresh: string | undefined): Promise<string | null> {
  if (!refresh) return null;
  const hash = sha256(refresh);
  const current = await ctx.db.selectFrom('sessions').select('id').where('refresh_hash', '=', hash).executeTakeFirst();
  if (current) return current.id;
  const retired = await ctx.db
    .selectFrom('retired_refresh_tokens')
    .select('session_id')
    .where('refresh_hash', '=', hash)
    .executeTakeFirst();
  return retired?.session_id ?? null;
}

/** Ends a session: its tokens stop working and its sockets are disconnected. */
export async function revokeSession(ctx: AppContext, sessionId: string) {
  await ctx.db
    .updateTable('sessions')
    .set({ revoked_at: ctx.now().toISOString() })
    .where('id', '=', sessionId)
    .execute();
  ctx.realtime.endSession(sessionId);
  await ctx.remote.endSession(sessionId);
}

/** Whether a session is still live for the user a socket was opened as (checked on every subscribe). */
export async function sessionLiveFor(ctx: AppContext, sessionId: string, userId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('sessions')
    .select(['user_id', 'revoked_at', 'refresh_expires_at', 'impersonation_until'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
  const now = ctx.now().toISOString();
  return Boolean(
    row &&
    !row.revoked_at &&
    row.user_id === userId &&
    row.refresh_expires_at > now &&
    (!row.impersonation_until || row.impersonation_until > now),
  );
}
