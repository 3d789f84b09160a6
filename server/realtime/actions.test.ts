import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connectRedis, type SharedRedis } from '../cluster/redis';
import { TEST_REDIS_URL, removeRedisKeys } from '../test/redis';
import { MAX_EVENTS, memoryActionStore, redisActionStore, type ActionStore } from './actions';

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
    await store.record('action.1', { event: 'progress', payload: { done: 10, total: 20 } });
    expect(await store.last('action.1')).toEqual({ event: 'progress', payload: { done: 10, total: 20 } });
  });

  it('keeps every event of a channel in order, the latest MAX_EVENTS', async () => {
    const store = await open();
    await store.create('action.3', 7);
    expect(await store.events('action.3')).toEqual([]);
    // Sent together: one connection keeps their order.
    await Promise.all(
      Array.from({ length: MAX_EVENTS + 2 }, (_, done) => store.record('action.3', { event: 'p', payload: { done } })),
    );
    const events = await store.events('action.3');
    expect(events).toHaveLength(MAX_EVENTS);
    expect(events[0]).toEqual({ event: 'p', payload: { done: 2 } });
    expect(events.at(-1)).toEqual({ event: 'p', payload: { done: MAX_EVENTS + 1 } });
    expect(await store.last('action.3')).toEqual(events.at(-1));
  });

  it('keeps no event for a channel nobody started', async () => {
    const store = await open();
    await store.record('action.none', { event: 'progress', payload: {} });
    expect(await store.owner('action.none')).toBeNull();
    expect(await store.last('action.none')).toBeNull();
    expect(await store.events('action.none')).toEqual([]);
  });
});

describe('the action store in Redis', () => {
  it('lets every channel and its events expire together, and writes no key for a channel that has none', async () => {
    redis ??= await connectRedis(TEST_REDIS_URL, prefix);
    const store = redisActionStore(redis);
    await store.create('action.2', 7);
    const ttl = await redis.client.ttl(`${prefix}action.2`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(24 * 3600);
    await store.record('action.2', { event: 'done', payload: null });
    const eventsTtl = await redis.client.ttl(`${prefix}action.2:events`);
    expect(eventsTtl).toBeGreaterThan(0);
    expect(eventsTtl).toBeLessThanOrEqual(ttl);
    await store.record('action.gone', { event: 'done', payload: null });
    expect(await redis.client.exists(`${prefix}action.gone`, `${prefix}action.gone:events`)).toBe(0);
  });
});
