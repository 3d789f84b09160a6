import { describe, expect, it } from 'vitest';
import { impersonationAccessUntil, isImpersonating, needsEmail, type SessionUser } from './user';

const base = { id: 1, username: 'u', email: 'u@example.com', permissions: [] } as unknown as SessionUser;
const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`;

describe('session user', () => {
  it('detects impersonation from the act marker or the server flag', () => {
    expect(isImpersonating({ ...base, token: jwt({ sub: 1, act: { sub: 9 } }) })).toBe(true);
    expect(isImpersonating({ ...base, token: jwt({ sub: 1 }) })).toBe(false);
    expect(isImpersonating({ ...base, isImpersonating: true })).toBe(true);
    expect(isImpersonating(null)).toBe(false);
  });

  it('counts impersonation access only while the limit is in the future', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(impersonationAccessUntil({ ...base, impersonation_access_limit: '2026-01-02T00:00:00Z' }, now)).toEqual(
      new Date('2026-01-02T00:00:00Z'),
    );
    expect(impersonationAccessUntil({ ...base, impersonation_access_limit: '2025-12-31T00:00:00Z' }, now)).toBe(
      undefined,
    );
    expect(impersonationAccessUntil(base, now)).toBe(undefined);
  });

  it('asks for an e-mail only while the e-mail is the username', () => {
    expect(needsEmail({ email: 'field-7', username: 'field-7' })).toBe(true);
    expect(needsEmail({ email: 'u@example.com', username: 'u' })).toBe(false);
    expect(needsEmail({ email: '', username: '' })).toBe(false);
  });
});
