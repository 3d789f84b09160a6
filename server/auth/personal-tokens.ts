import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { rateLimiter } from './rate-limit';
import { loadActor, type Actor } from './actor';
import { randomToken, sha256 } from './tokens';
import { VersionedCache } from '../http/data-version';
import type { AppContext } from '../context';
import { ApiError, forbidden, unauthorized } from '../http/envelope';

// Personal access tokens: `Authorization: Bearer rms_pat_…` authenticates an
// /api call as the token's user. Only the SHA-256 of the token is stored. The
// token's scopes (a resource family, read or write; write includes read)
// gate the call by its route and method; the user's own permissions and tenancy
// still apply through the actor. Use is rate limited per token and recorded
// (last used, at most once a minute per token).

export const TOKEN_PREFIX = 'rms_pat_';

/** Resource families a token may be scoped to, with the /api path prefixes each covers. */
export const TOKEN_FAMILIES: Record<string, string[]> = {
  devices: ['/devices', '/tasks', '/hotspots', '/wireless', '/images', '/data-collect'],
  remote_access: ['/devices/remote-access', '/devices/connect', '/rms-connect'],
  companies: ['/companies'],
  users: ['/users', '/roles', '/distributors'],
  tags: ['/tags'],
  credits: ['/credits'],
  files: ['/files'],
  vpn: ['/vpn'],
  automations: [
    '/automations',
    '/alerts',
    '/alerts-configurations',
    '/email-configurations',
    '/devices/automations',
    '/devices/alerts-configurations',
  ],
  reports: ['/reports', '/statistics'],
  // Form, prompt, lookup and page documents (publishing still needs manage_documents).
  documents: ['/documents'],
};

export const TOKEN_SCOPES = Object.keys(TOKEN_FAMILIES).flatMap((family) => [`${family}:read`, `${family}:write`]);

/** Calls any token may make whatever its scopes: who am I, health, the API description. */
const ALWAYS = new Set(['GET /user', 'GET /health', 'GET /openapi.json']);
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Prefixes longest first, so /devices/remote-access is remote access and not devices. */
const PREFIXES = Object.entries(TOKEN_FAMILIES)
  .flatMap(([family, prefixes]) => prefixes.map((prefix) => [prefix, family] as const))
  .sort((a, b) => b[0].length - a[0].length);

const apiPath = (url: string) => url.split('?')[0].replace(/^\/api(?=\/)/, '');

/** The family of an /api path, or null for calls outside every family (account, storage, …). */
export function familyOf(url: string): string | null {
  const path = apiPath(url);
  if (/^\/devices\/[^/]+\/(remote-access|port-scan|connect-auto-scan)(\/|$)/.test(path)) return 'remote_access';
  if (/^\/devices\/[^/]+\/(automations|alerts-configurations)(\/|$)/.test(path)) return 'automations';
  return PREFIXES.find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1] ?? null;
}

/** Whether scopes allow a call: the family's write scope for unsafe methods, read or write for safe ones. */
export function scopesAllow(scopes: readonly string[], method: string, path: string): boolean {
  if (ALWAYS.has(`${method} ${apiPath(path)}`)) return true;
  // The status channels are the caller's own (as on the socket, whatever the scopes).
  if (method === 'GET' && path.startsWith('/status/')) return true;
  const family = familyOf(path);
  if (!family) return false;
  if (scopes.includes(`${family}:write`)) return true;
  return SAFE.has(method) && scopes.includes(`${family}:read`);
}

/** A new token and what is stored of it. */
export function newToken() {
  const token = TOKEN_PREFIX + randomToken(32);
  return { token, hash: sha256(token), prefix: token.slice(0, TOKEN_PREFIX.length + 6) };
}

/** The token of an `Authorization` header: undefined without the header, null when it is not a bearer token. */
export function bearerOf(request: FastifyRequest): string | null | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9_-]{1,200})\s*$/i.exec(header);
  return match ? match[1] : null;
}

export interface TokenCaller {
  actor: Actor;
  tokenId: number;
  scopes: string[];
}

export interface TokenOptions {
  /** Calls a token may make per minute (default API_TOKEN_RATE_LIMIT or 600). */
  perMinute?: number;
}

export const invalidToken = () => unauthorized('The access token is invalid, expired or revoked.');
const RECORD_EVERY_MS = 60_000;

/** The caller of a token by its hash, from the database: null when unknown, revoked or its user is gone. */
async function loadTokenCaller(ctx: AppContext, hash: string): Promise<TokenCaller | null> {
  const row = await ctx.db
    .selectFrom('api_tokens')
    .select(['id', 'user_id', 'scopes', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (!row || row.revoked_at) return null;
  const exp = row.expires_at ? Math.floor(Date.parse(row.expires_at) / 1000) : Number.MAX_SAFE_INTEGER;
  const session = {
    id: `${TOKEN_SESSION}${row.id}`,
    impersonator_id: null,
    impersonation_until: null,
    password_confirmed_at: null,
  };
  const actor = await loadActor(ctx.db, row.user_id, session, exp);
  if (!actor) return null;
  return { actor, tokenId: row.id, scopes: row.scopes.split(' ').filter(Boolean) };
}

/** The session id of a token's caller: `pat:` and the token's id. */
const TOKEN_SESSION = 'pat:';

/**
 * The caller of a token a socket was opened with (`auth.token`, a `token` query parameter or `Authorization:
 * Bearer`), checked afresh: null when unknown, revoked, expired or its user is gone. Its channels follow the
 * same rules as a session's.
 */
export async function socketTokenActor(ctx: AppContext, token: string): Promise<Actor | null> {
  const caller = await loadTokenCaller(ctx, sha256(token));
  return caller && caller.actor.exp * 1000 > ctx.now().getTime() ? caller.actor : null;
}

/** Whether the token a socket's actor came from is still live for its user (checked on every subscribe). */
export async function tokenLiveFor(ctx: AppContext, sessionId: string, userId: number): Promise<boolean | null> {
  if (!sessionId.startsWith(TOKEN_SESSION)) return null;
  const row = await ctx.db
    .selectFrom('api_tokens')
    .select(['user_id', 'expires_at', 'revoked_at'])
    .where('id', '=', Number(sessionId.slice(TOKEN_SESSION.length)))
    .executeTakeFirst();
  const now = ctx.now().toISOString();
  return Boolean(row && !row.revoked_at && row.user_id === userId && (!row.expires_at || row.expires_at > now));
}

/** Resolves bearer tokens to callers: cached per data version, rate limited, use recorded. */
export function tokenAuthenticator(app: FastifyInstance, options: TokenOptions = {}) {
  const { ctx } = app;
  const cache = new VersionedCache<TokenCaller>(ctx.version);
  const recorded = new Map<number, number>();
  const points = options.perMinute ?? (Number(process.env.API_TOKEN_RATE_LIMIT) || 600);
  const limiter = rateLimiter('api-token', points, 60, ctx.redis);

  async function load(hash: string): Promise<TokenCaller | null> {
    const at = ctx.version.value;
    const caller = await loadTokenCaller(ctx, hash);
    if (caller) cache.set(hash, caller, at);
    return caller;
  }

  async function record(tokenId: number, ip: string) {
    const now = ctx.now();
    if (now.getTime() - (recorded.get(tokenId) ?? 0) < RECORD_EVERY_MS) return;
    recorded.set(tokenId, now.getTime());
    await ctx.db
      .updateTable('api_tokens')
      .set({ last_used_at: now.toISOString(), last_used_ip: ip })
      .where('id', '=', tokenId)
      .execute();
  }

  /** The caller of a bearer token, or 401 (bad, expired, revoked), 429 (rate) or 403 (scopes). */
  return async function authenticate(request: FastifyRequest, token: string): Promise<Actor> {
    const hash = sha256(token);
    const caller = cache.get(hash) ?? (await load(hash));
    if (!caller || caller.actor.exp * 1000 <= ctx.now().getTime()) throw invalidToken();
    try {
      await limiter.consume(String(caller.tokenId));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw ApiError.of(429, 'TOO_MANY_REQUESTS', 'Too many requests. Try again later.', null, {
        retry_after: Math.ceil(error.msBeforeNext / 1000),
      });
    }
    await record(caller.tokenId, request.ip);
    // Decided after routing, on the route that answers: a path no route answers is a 404 for a token as for a
    // session (clients fall back on a 404; a 403 tells them to authenticate again).
    const route = request.routeOptions.url;
    if (route !== undefined && !scopesAllow(caller.scopes, request.method, route)) {
      throw forbidden('The access token has no scope for this call.');
    }
    return caller.actor;
  };
}
