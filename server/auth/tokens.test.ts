import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { signAccessToken, verifyAccessToken, ACCESS_TOKEN_TTL_S } from './tokens';
import { PASSWORD_COST, TEST_PASSWORD_COST, hashPassword, needsRehash, verifyPassword } from './password';

describe('access tokens', () => {
  const key = randomBytes(32);
  it('round-trips claims including the act marker', () => {
    const { token } = signAccessToken({ sub: '4', sid: 's1', act: { sub: '2' } }, key);
    expect(verifyAccessToken(token, key)).toMatchObject({ sub: '4', sid: 's1', act: { sub: '2' } });
  });
  it('refuses a tampered payload, another key and an expired token', () => {
    const { token } = signAccessToken({ sub: '4', sid: 's1' }, key);
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: '1' }));
    expect(verifyAccessToken(`${h}.${forged.toString('base64url')}.${s}`, key)).toBeNull();
    expect(verifyAccessToken(token, randomBytes(32))).toBeNull();
    expect(verifyAccessToken(token, key, Date.now() + (ACCESS_TOKEN_TTL_S + 1) * 1000)).toBeNull();
  });
});

describe('password hashing', () => {
  it('verifies the right password only and salts each hash', async () => {
    const a = await hashPassword('Demo-Password-1', TEST_PASSWORD_COST);
    const b = await hashPassword('Demo-Password-1', TEST_PASSWORD_COST);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Demo-Password-1', a)).toBe(true);
    expect(await verifyPassword('demo-password-1', a)).toBe(false);
  });

  it("uses OWASP's minimum scrypt cost and asks to rehash anything weaker", async () => {
    expect(PASSWORD_COST).toEqual({ N: 131072, r: 8, p: 1 });
    const weak = await hashPassword('x', { N: 16384, r: 8, p: 1 });
    expect(needsRehash(weak, PASSWORD_COST)).toBe(true);
    expect(needsRehash(weak, { N: 16384, r: 8, p: 1 })).toBe(false);
    expect(needsRehash('scrypt$131072$4$1$AAAA$AAAA', PASSWORD_COST)).toBe(true);
    expect(needsRehash('not a hash', PASSWORD_COST)).toBe(true);
  });

  it('refuses stored hashes with an absurd cost instead of exhausting memory', async () => {
    expect(await verifyPassword('x', 'scrypt$1099511627776$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA')).toBe(false);
  });
});
