import type { SharedRedis } from '../cluster/redis';

// The state of the action channels (bulk operations and the calls answered
// on a channel): who started each one, the last event sent on it (replayed
// to a late subscriber) and every event so far (the HTTP status channel,
// GET /status/channel/{channel}). In memory for one instance; in Redis when
// several share it, so a subscriber or a poller on any instance may follow a
// job that runs on another.

export interface LastEvent {
  event: string;
  payload: unknown;
}

export interface ActionStore {
  create(channel: string, userId: number): Promise<void>;
  owner(channel: string): Promise<number | null>;
  /** Keeps an event of a channel that exists: its last event, and the next of its events. */
  record(channel: string, event: LastEvent): Promise<void>;
  last(channel: string): Promise<LastEvent | null>;
  /** The channel's events so far, oldest first (at most MAX_EVENTS, the latest). */
  events(channel: string): Promise<LastEvent[]>;
}

const MAX_LOCAL = 5000;
/** Events kept per channel: a job of 500 devices reports a few steps of each. */
export const MAX_EVENTS = 2000;
const TTL_SECONDS = 24 * 3600;
// The events' list expires with the channel's key, and is only written while that key exists.
const RECORD = `if redis.call('hexists', KEYS[1], 'user') == 1 then
  redis.call('hset', KEYS[1], 'last', ARGV[1])
  redis.call('rpush', KEYS[2], ARGV[1])
  redis.call('ltrim', KEYS[2], -tonumber(ARGV[2]), -1)
  local ttl = redis.call('pttl', KEYS[1])
  if ttl > 0 then redis.call('pexpire', KEYS[2], ttl) end
end`;

export function memoryActionStore(): ActionStore {
  const actions = new Map<string, { userId: number; events: LastEvent[] }>();
  return {
    async create(channel, userId) {
      actions.set(channel, { userId, events: [] });
      if (actions.size > MAX_LOCAL) actions.delete(actions.keys().next().value as string);
    },
    async owner(channel) {
      return actions.get(channel)?.userId ?? null;
    },
    async record(channel, event) {
      const action = actions.get(channel);
      if (!action) return;
      action.events.push(event);
      if (action.events.length > MAX_EVENTS) action.events.shift();
    },
    async last(channel) {
      return actions.get(channel)?.events.at(-1) ?? null;
    },
    async events(channel) {
      return [...(actions.get(channel)?.events ?? [])];
    },
  };
}

export function redisActionStore(redis: SharedRedis): ActionStore {
  const key = (channel: string) => `${redis.prefix}${channel}`;
  const eventsKey = (channel: string) => `${key(channel)}:events`;
  return {
    async create(channel, userId) {
      // One transaction: an instance that dies between the two never leaves a key without its expiry.
      await redis.client.multi().hset(key(channel), 'user', String(userId)).expire(key(channel), TTL_SECONDS).exec();
    },
    async owner(channel) {
      const user = await redis.client.hget(key(channel), 'user');
      return user === null ? null : Number(user);
    },
    async record(channel, event) {
      // Only for a channel that exists, checked and written in one step: a key that expired meanwhile is not
      // brought back without its owner and expiry.
      await redis.client.eval(RECORD, 2, key(channel), eventsKey(channel), JSON.stringify(event), MAX_EVENTS);
    },
    async last(channel) {
      const last = await redis.client.hget(key(channel), 'last');
      return last === null ? null : (JSON.parse(last) as LastEvent);
    },
    async events(channel) {
      const events = await redis.client.lrange(eventsKey(channel), 0, -1);
      return events.map((event) => JSON.parse(event) as LastEvent);
    },
  };
}
