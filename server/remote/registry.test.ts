import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectRedis, type SharedRedis } from '../cluster/redis';
import { TEST_REDIS_URL } from '../test/redis';
import { END_CODES, RelayRegistry, type Relay } from './registry';

// Two instances' relay registries over one real Redis: the end of a session
// or of a sign-in announced on one closes the relays held by the other.

const prefix = `remote-registry:${randomBytes(4).toString('hex')}:`;
let redis: SharedRedis[] = [];
let a: RelayRegistry;
let b: RelayRegistry;
const later = () => new Date(Date.now() + 60_000).toISOString();

beforeAll(async () => {
  redis = [await connectRedis(TEST_REDIS_URL, prefix), await connectRedis(TEST_REDIS_URL, prefix)];
  a = new RelayRegistry(
    () => new Date(),
    async () => null,
    redis[0],
  );
  b = new RelayRegistry(
    () => new Date(),
    async () => null,
    redis[1],
  );
  await Promise.all([a.listen(), b.listen()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await Promise.all(redis.map((r) => r.close()));
});

const relay = (historyId: number, sessionId: string | null, expiresAt = later()) => {
  const end = vi.fn<Relay['end']>();
  return { historyId, sessionId, expiresAt, end } satisfies Relay;
};

describe('relay registry', () => {
  it('ends a session and a sign-in on every instance', async () => {
    const [one, two, other] = [relay(1, 's1'), relay(2, 's2'), relay(3, 's3')];
    b.track(one);
    b.track(two);
    a.track(other);
    await a.endLink(1);
    await vi.waitFor(() => expect(one.end).toHaveBeenCalledWith(END_CODES.ended, 'The session was ended.'));
    await a.endSession('s2');
    await vi.waitFor(() => expect(two.end).toHaveBeenCalledWith(END_CODES.signedOut, 'You were signed out.'));
    expect(other.end).not.toHaveBeenCalled();
  });

  it('ends a relay whose time ran out, unless its session was restarted', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const restartedUntil = later();
    const registry = new RelayRegistry(
      () => new Date(),
      async (id) => (id === 2 ? restartedUntil : null),
    );
    const [expired, restarted] = [relay(1, null, past), relay(2, null, past)];
    registry.track(expired);
    registry.track(restarted);
    await vi.waitFor(() => expect(expired.end).toHaveBeenCalledWith(END_CODES.expired, expect.any(String)), {
      timeout: 5000,
    });
    expect(restarted.end).not.toHaveBeenCalled();
    expect(restarted.expiresAt).toBe(restartedUntil);
    await registry.close();
  });
});
