import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis } from './redis';
import { runAsLeader } from './leader';
import { TEST_REDIS_URL, removeRedisKeys } from '../test/redis';

// Background work runs once across instances: of two contenders for one
// lock in the real Redis exactly one runs it, and the other takes over when
// the leader steps down.

const prefix = `h10s:leader:${randomBytes(4).toString('hex')}:`;
afterAll(() => removeRedisKeys(prefix));

const until = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
  return check();
};

describe('runAsLeader', () => {
  it('runs the work on one instance at a time and hands it over', async () => {
    const [one, two] = await Promise.all([connectRedis(TEST_REDIS_URL, prefix), connectRedis(TEST_REDIS_URL, prefix)]);
    const running = new Set<string>();
    const work = (name: string) => () => {
      running.add(name);
      return () => running.delete(name);
    };
    const stepDownOne = runAsLeader(one, 'simulator', work('one'));
    expect(await until(() => running.size === 1)).toBe(true);
    const stepDownTwo = runAsLeader(two, 'simulator', work('two'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect([...running]).toEqual(['one']);
    await stepDownOne();
    expect(await until(() => running.has('two'))).toBe(true);
    expect([...running]).toEqual(['two']);
    await stepDownTwo();
    expect(running.size).toBe(0);
    await Promise.all([one.close(), two.close()]);
  });
});
