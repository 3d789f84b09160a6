import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { OwnerMemo } from '../services/owner-memo';

// Access tokens are compact HMAC-signed JWTs (HS256) with a short life; the
// refresh token is an opaque random string stored only as a hash.

export interface AccessClaims {
  /** user id (as string, JWT style) */
  sub: string;
  /** session id */
  sid: string;
  iat: number;
  exp: number;
  jti: string;
  /** actor: present while impersonating, the real user behind the session */
  act?: { sub: string };
}

export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 14 * 24 * 3600;

const b64 = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signAccessToken(claims: Omit<AccessClaims, 'iat' | 'exp' | 'jti'>, key: Buffer, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  const payload: AccessClaims = {
    ...claims,
    iat,
    exp: iat + ACCESS_TOKEN_TTL_S,
    jti: randomBytes(9).toString('base64url'),
  };
  const body = `${HEADER}.${b64(JSON.stringify(payload))}`;
  const signature = createHmac('sha256', key).update(body).digest('base64url');
  return { token: `${body}.${signature}`, claims: payload };
}

/** Tokens whose signature verified, per signing key: a caller's token costs one HMAC, not one per request. */
const verifiedTokens = new OwnerMemo<Readonly<AccessClaims>>(10_000);

/** Verifies the signature only; answers the claims (expired or not) or null. */
export const signedClaims = (token: string, key: Buffer): Readonly<AccessClaims> | null =>
  verifiedTokens.get(key, token, () => verifySignature(token, key));

function verifySignature(token: string, key: Buffer): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = createHmac('sha256', key).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    return JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as AccessClaims;
  } catch {
    return null;
  }
}

/** Verifies signature and expiry; answers the claims or null. */
export function verifyAccessToken(token: string, key: Buffer, now = Date.now()): Readonly<AccessClaims> | null {
  const claims = signedClaims(token, key);
  return claims && typeof claims.exp === 'number' && claims.exp * 1000 > now ? claims : null;
}

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
