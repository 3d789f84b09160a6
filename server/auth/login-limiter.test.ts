import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter';

describe('LoginLimiter', () => {
  it('blocks an account after its failures and an address after more, within the window', () => {
    const limiter = new LoginLimiter({ windowMs: 1000, maxPerAccount: 2, maxPerAddress: 3 });
    limiter.fail('a@x', '1.1.1.1', 0);
    expect(limiter.retryAfter('a@x', '1.1.1.1', 10)).toBe(0);
    limiter.fail('a@x', '1.1.1.1', 10);
    expect(limiter.retryAfter('a@x', '2.2.2.2', 20)).toBeGreaterThan(0);
    expect(limiter.retryAfter('b@x', '1.1.1.1', 20)).toBe(0);
    limiter.fail('b@x', '1.1.1.1', 30);
    expect(limiter.retryAfter('c@x', '1.1.1.1', 40)).toBeGreaterThan(0);
    expect(limiter.retryAfter('a@x', '2.2.2.2', 1500)).toBe(0);
  });
});
