import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis, type SharedRedis } from '../cluster/redis';
import { TEST_REDIS_URL, removeRedisKeys } from '../test/redis';
import { memoryActionStore, redisActionStore, type ActionStore } from './actions';

// The action channels' state, one contract for the store of one instance and the one shared in Redis.

const prefix = `h10s:actions:${randomBytes(4).toString('hex')}:`;
let redis: SharedRedis | undefined;

afterAll(async () => {
  await redis?.close();
  await removeRedisKeys(prefix);
});

const stores: [string, () => Promise<ActionStore>][] = [
  ['in memory', async () => memoryActionStore()],
  ['in Redis', async () => redisActionStore((redis ??= await connectRedis(TEST_REDIS_URL, prefix)))],
];

describe.each(stores)('the action store %s', (_name, open) => {
  it('knows who started a channel and replays its last event', async () => {
    const store = await open();
    await store.create('action.1', 7);
    expect(await store.owner('action.1')).toBe(7);
    expect(await store.last('action.1')).toBeNull();
    await store.setLast('action.1', { event: 'progress', payload: { done: 10, total: 20 } });
    expect(await store.last('action.1')).toEqual({ event: 'progress', payload: { done: 10, total: 20 } });
  });

  it('keeps no event for a channel nobody started', async () => {
    const store = await open();
    await store.setLast('action.none', { event: 'progress', payload: {} });
    expect(await store.owner('action.none')).toBeNull();
    expect(await store.last('action.none')).toBeNull();
  });
});

describe('the action store in Redis', () => {
  it('lets every channel expire, and writes no key for a channel that has none', async () => {
    redis ??= await connectRedis(TEST_REDIS_URL, prefix);
    const store = redisActionStore(redis);
    await store.create('action.2', 7);
    const ttl = await redis.client.ttl(`${prefix}action.2`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(24 * 3600);
    await store.setLast('action.gone', { event: 'done', payload: null });
    expect(await redis.client.exists(`${prefix}action.gone`)).toBe(0);
  });
});
