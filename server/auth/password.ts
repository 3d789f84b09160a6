import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Password hashing with scrypt (memory-hard KDF) at OWASP's minimum cost
// (N=2^17, r=8, p=1: 128 MiB per hash). Stored as scrypt$N$r$p$salt$hash
// (base64url parts), so a hash made at a weaker cost is recognised and
// replaced at the next sign-in.

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP Password Storage Cheat Sheet: scrypt N=2^17, r=8, p=1. */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
/** Test servers only (the test harness and the browser tests' server): fast sign-ins. */
export const TEST_PASSWORD_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

const KEY_LENGTH = 32;
/** Highest cost a stored hash may ask for (a corrupt row must not exhaust memory). */
const MAX_N = 2 ** 20;

/** scrypt needs 128·N·r bytes; the limit leaves room for its bookkeeping. */
const memoryFor = ({ N, r, p }: ScryptCost) => 128 * N * r * p + 32 * 1024 * 1024;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem: memoryFor(cost) }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

function parse(stored: string): (ScryptCost & { salt: Buffer; hash: Buffer }) | null {
  const [kind, n, r, p, salt, hash] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    kind === 'scrypt' &&
    Boolean(salt && hash) &&
    Number.isInteger(Math.log2(cost.N)) &&
    cost.N > 1 &&
    cost.N <= MAX_N &&
    [cost.r, cost.p].every((v) => Number.isInteger(v) && v > 0 && v <= 32);
  return valid ? { ...cost, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') } : null;
}

export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A well-formed hash of no password, so that signing in as an unknown account costs as much as a known one. */
export const decoyHash = (cost: ScryptCost) =>
  ['scrypt', cost.N, cost.r, cost.p, 'AAAAAAAAAAAAAAAAAAAAAA', 'AAAA'].join('$');

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

/** Whether a stored hash was made at a weaker cost than the current one (rehash it at sign-in). */
export function needsRehash(stored: string, cost: ScryptCost): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.N < cost.N || parsed.r < cost.r || parsed.p < cost.p;
}
