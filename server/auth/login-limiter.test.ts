import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter';
import { connectRedis } from '../cluster/redis';
import { TEST_REDIS_URL, removeRedisKeys } from '../test/redis';

const options = { windowMs: 1000, maxPerAccount: 2, maxPerAddress: 3 };
const prefix = `h10s:limit:${randomBytes(4).toString('hex')}:`;
afterAll(() => removeRedisKeys(prefix));

describe('LoginLimiter', () => {
  it('blocks an account after its failures and an address after more, within the window', async () => {
    const limiter = new LoginLimiter('login', undefined, options);
    await limiter.fail('a@x', '1.1.1.1');
    expect(await limiter.retryAfter('a@x', '1.1.1.1')).toBe(0);
    await limiter.fail('a@x', '1.1.1.1');
    expect(await limiter.retryAfter('a@x', '2.2.2.2')).toBeGreaterThan(0);
    expect(await limiter.retryAfter('b@x', '1.1.1.1')).toBe(0);
    await limiter.fail('b@x', '1.1.1.1');
    expect(await limiter.retryAfter('c@x', '1.1.1.1')).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limiter.retryAfter('a@x', '2.2.2.2')).toBe(0);
  });

  it('clears the account on a success', async () => {
    const limiter = new LoginLimiter('login', undefined, options);
    await limiter.fail('a@x', '1.1.1.1');
    await limiter.fail('a@x', '1.1.1.2');
    await limiter.succeed('a@x');
    expect(await limiter.retryAfter('a@x', '9.9.9.9')).toBe(0);
  });

  it('shares the counts of instances through Redis, apart per limit', async () => {
    const [one, two] = await Promise.all([connectRedis(TEST_REDIS_URL, prefix), connectRedis(TEST_REDIS_URL, prefix)]);
    const onA = new LoginLimiter('login', one, options);
    const onB = new LoginLimiter('login', two, options);
    await onA.fail('a@x', '1.1.1.1');
    await onB.fail('a@x', '1.1.1.2');
    expect(await onA.retryAfter('a@x', '3.3.3.3')).toBeGreaterThan(0);
    expect(await onB.retryAfter('a@x', '3.3.3.3')).toBeGreaterThan(0);
    expect(await new LoginLimiter('confirm', two, options).retryAfter('a@x', '3.3.3.3')).toBe(0);
    await Promise.all([one.close(), two.close()]);
  });
});
