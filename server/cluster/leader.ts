import { randomUUID } from 'node:crypto';
import type { SharedRedis } from './redis';

// Background work that must run once across instances (the device
// simulator): the instance holding a Redis lock runs it. The lock expires
// unless renewed, so when its holder dies another instance takes over
// within LOCK_MS.

/** How long the lock outlives its holder (a killed leader is replaced within LOCK_MS + RENEW_MS). */
export const LOCK_MS = 10_000;
export const RENEW_MS = LOCK_MS / 3;

// Renew only a lock this instance holds.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Runs `start` while this instance leads `name` (stopping it with the
 * function `start` answers when leadership is lost); answers the function
 * that steps down for good.
 */
export function runAsLeader(redis: SharedRedis, name: string, start: () => () => void): () => Promise<void> {
  const key = `${redis.prefix}leader:${name}`;
  const me = randomUUID();
  let stop: (() => void) | null = null;
  const tick = async () => {
    const held = stop
      ? (await redis.client.eval(RENEW, 1, key, me, LOCK_MS)) === 1
      : (await redis.client.set(key, me, 'PX', LOCK_MS, 'NX')) === 'OK';
    if (held && !stop) stop = start();
    if (!held && stop) {
      stop();
      stop = null;
    }
  };
  const timer = setInterval(() => void tick().catch(() => undefined), RENEW_MS);
  timer.unref();
  void tick().catch(() => undefined);
  return async () => {
    clearInterval(timer);
    stop?.();
    stop = null;
    await redis.client.eval(RELEASE, 1, key, me).catch(() => undefined);
  };
}
