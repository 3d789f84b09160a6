import type { SharedRedis } from '../cluster/redis';

// The state of the action channels (bulk operations): who started each one
// and the last event sent on it, replayed to a late subscriber. In memory
// for one instance; in Redis when several share it, so a subscriber on any
// instance may follow a job that runs on another.

export interface LastEvent {
  event: string;
  payload: unknown;
}

export interface ActionStore {
  create(channel: string, userId: number): Promise<void>;
  owner(channel: string): Promise<number | null>;
  setLast(channel: string, last: LastEvent): Promise<void>;
  last(channel: string): Promise<LastEvent | null>;
}

const MAX_LOCAL = 5000;
const TTL_SECONDS = 24 * 3600;
const SET_LAST = `if redis.call('hexists', KEYS[1], 'user') == 1 then redis.call('hset', KEYS[1], 'last', ARGV[1]) end`;

export function memoryActionStore(): ActionStore {
  const actions = new Map<string, { userId: number; last?: LastEvent }>();
  return {
    async create(channel, userId) {
      actions.set(channel, { userId });
      if (actions.size > MAX_LOCAL) actions.delete(actions.keys().next().value as string);
    },
    async owner(channel) {
      return actions.get(channel)?.userId ?? null;
    },
    async setLast(channel, last) {
      const action = actions.get(channel);
      if (action) action.last = last;
    },
    async last(channel) {
      return actions.get(channel)?.last ?? null;
    },
  };
}

export function redisActionStore(redis: SharedRedis): ActionStore {
  const key = (channel: string) => `${redis.prefix}${channel}`;
  return {
    async create(channel, userId) {
      // One transaction: an instance that dies between the two never leaves a key without its expiry.
      await redis.client.multi().hset(key(channel), 'user', String(userId)).expire(key(channel), TTL_SECONDS).exec();
    },
    async owner(channel) {
      const user = await redis.client.hget(key(channel), 'user');
      return user === null ? null : Number(user);
    },
    async setLast(channel, last) {
      // Only for a channel that exists, checked and written in one step: a key that expired meanwhile is not
      // brought back without its owner and expiry.
      await redis.client.eval(SET_LAST, 1, key(channel), JSON.stringify(last));
    },
    async last(channel) {
      const last = await redis.client.hget(key(channel), 'last');
      return last === null ? null : (JSON.parse(last) as LastEvent);
    },
  };
}
