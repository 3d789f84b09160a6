import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context';
import { TEST_REDIS_URL, removeRedisKeys } from '../test/redis';
import { shareInvalidation } from './invalidation';
import { connectRedis, type SharedRedis } from './redis';

// The caches of an instance follow the writes of the others through Redis, also across a lost connection.

const prefix = `h10s:invalidation:${randomBytes(4).toString('hex')}:`;
const opened: SharedRedis[] = [];

afterAll(async () => {
  for (const redis of opened) await redis.close();
  await removeRedisKeys(prefix);
});

/** An instance's caches as spies, sharing invalidation through Redis; answers its subscriber connection. */
async function instance() {
  const shared = await connectRedis(TEST_REDIS_URL, prefix);
  opened.push(shared);
  let subscriber: Redis | undefined;
  const redis: SharedRedis = { ...shared, connect: (options) => (subscriber = shared.connect(options)) };
  const ctx = {
    version: { bumpFromElsewhere: vi.fn(), announce: null as (() => Promise<void>) | null },
    documents: { invalidate: vi.fn() },
  };
  await shareInvalidation(ctx as unknown as AppContext, redis);
  return { ctx, subscriber: subscriber!, announce: () => ctx.version.announce!() };
}

describe('shared invalidation', () => {
  it("drops an instance's caches on another's write, not on its own", async () => {
    const [a, b] = [await instance(), await instance()];
    await a.announce();
    await vi.waitFor(() => expect(b.ctx.version.bumpFromElsewhere).toHaveBeenCalledTimes(1));
    expect(b.ctx.documents.invalidate).toHaveBeenCalledTimes(1);
    expect(a.ctx.version.bumpFromElsewhere).not.toHaveBeenCalled();
  });

  it('drops everything cached once its connection comes back: what was announced meanwhile is lost', async () => {
    const [a, b] = [await instance(), await instance()];
    b.subscriber.disconnect(true); // down, then connecting again
    await a.announce(); // while b is away: never delivered to it
    await vi.waitFor(() => expect(b.ctx.version.bumpFromElsewhere).toHaveBeenCalled());
    expect(b.ctx.documents.invalidate).toHaveBeenCalled();
    // And it hears the others again.
    const before = b.ctx.version.bumpFromElsewhere.mock.calls.length;
    await a.announce();
    await vi.waitFor(() => expect(b.ctx.version.bumpFromElsewhere.mock.calls.length).toBe(before + 1));
  });
});
