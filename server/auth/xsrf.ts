import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/envelope';

// Double-submit anti-forgery: a readable XSRF-TOKEN cookie set on any GET
// under /api when absent; every unsafe method must echo it in X-XSRF-TOKEN.

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function checkXsrf(request: FastifyRequest, reply: FastifyReply): void {
  const cookie = request.cookies[XSRF_COOKIE];
  if (SAFE.has(request.method)) {
    if (!cookie) {
      reply.setCookie(XSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: request.protocol === 'https',
      });
    }
    return;
  }
  const header = request.headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !same(cookie, header)) {
    throw ApiError.of(403, 'XSRF_TOKEN_MISMATCH', 'CSRF token mismatch.');
  }
}
