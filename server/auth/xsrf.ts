import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { XSRF_COOKIE, XSRF_HEADER } from '../../engine/http/xsrf';
import { ApiError } from '../http/envelope';
import { OwnerMemo } from '../services/owner-memo';

// Anti-forgery by signed double submit (OWASP): the readable XSRF-TOKEN
// cookie holds `nonce.HMAC(key, session id, nonce)`, so it is bound to the
// session it was issued for (the empty session before sign-in) and a cookie
// planted by a sibling host does not verify. Every unsafe method on an /api
// route must echo the cookie in X-XSRF-TOKEN, and the cookie must verify for
// the caller's session. Sign-in and sign-out issue a new token.

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const header = XSRF_HEADER.toLowerCase();

function signature(key: Buffer, sessionId: string, nonce: string): string {
  return createHmac('sha256', key).update(`xsrf\0${sessionId}\0${nonce}`).digest('base64url');
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A new token bound to a session ('' before sign-in). One that replaces a token no longer valid for it takes its
 * nonce from that token, so that calls crossing each other with the same stale cookie (several calls answering
 * 401 together once the access cookie is gone) all hand out the same replacement: a refresh sent meanwhile with
 * one of them in its header still matches the cookie the next answer sets. The nonce need not be secret; the
 * signature, which only this server can make, is what binds the token.
 */
export function xsrfToken(key: Buffer, sessionId: string, replaced?: string): string {
  const nonce = replaced
    ? createHmac('sha256', key).update(`xsrf-renewal\0${sessionId}\0${replaced}`).digest('base64url').slice(0, 24)
    : randomBytes(18).toString('base64url');
  return `${nonce}.${signature(key, sessionId, nonce)}`;
}

/** Anti-forgery tokens (with their session) whose signature verified, per signing key. */
const verifiedTokens = new OwnerMemo<true>(10_000);

/** Whether a token was issued by this server for this session. */
export function xsrfTokenValid(token: string | undefined, key: Buffer, sessionId: string): boolean {
  const [nonce, mac, ...rest] = (token ?? '').split('.');
  if (!nonce || !mac || rest.length > 0) return false;
  return (
    verifiedTokens.get(key, `${sessionId}\0${token}`, () => same(mac, signature(key, sessionId, nonce)) || null) ===
    true
  );
}

/**
 * Issues the readable cookie for a session: at sign-in and sign-out a fresh one, and when a GET finds none valid the
 * replacement of the one it carried (xsrfToken).
 */
export function issueXsrfCookie(reply: FastifyReply, key: Buffer, sessionId: string, replaced?: string): void {
  reply.setCookie(XSRF_COOKIE, xsrfToken(key, sessionId, replaced), {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: reply.request.protocol === 'https',
  });
}

/** Checks (unsafe methods) or hands out (safe methods) the token of the caller's session. */
export function checkXsrf(request: FastifyRequest, reply: FastifyReply, key: Buffer, sessionId: string): void {
  const cookie = request.cookies[XSRF_COOKIE];
  const valid = xsrfTokenValid(cookie, key, sessionId);
  if (SAFE.has(request.method)) {
    if (!valid) issueXsrfCookie(reply, key, sessionId, cookie);
    return;
  }
  const echoed = request.headers[header];
  if (!valid || typeof echoed !== 'string' || !same(cookie!, echoed)) {
    throw ApiError.of(403, 'XSRF_TOKEN_MISMATCH', 'CSRF token mismatch.');
  }
}
