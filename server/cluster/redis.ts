import { Redis } from 'ioredis';

// The Redis connections of an instance when REDIS_URL is set: one for
// commands and one subscribed to the instances' broadcast channels. Every key
// and channel name starts with the configured prefix (REDIS_PREFIX), so
// several consoles (or tests) can share one Redis.

export interface SharedRedis {
  prefix: string;
  /** Commands (and publishing). */
  client: Redis;
  /** A further connection of the same settings (subscribers, blocking job queues). */
  connect(options?: { forQueue?: boolean }): Redis;
  close(): Promise<void>;
}

export async function connectRedis(url: string, prefix: string): Promise<SharedRedis> {
  const opened: Redis[] = [];
  const connect = ({ forQueue = false } = {}) => {
    // BullMQ's blocking connections must retry forever; others fail a command after a few tries.
    const redis = new Redis(url, { maxRetriesPerRequest: forQueue ? null : 3, lazyConnect: false });
    redis.on('error', () => undefined);
    opened.push(redis);
    return redis;
  };
  const client = connect();
  await client.ping();
  return {
    prefix,
    client,
    connect,
    async close() {
      await Promise.all(opened.map((redis) => redis.quit().catch(() => redis.disconnect())));
    },
  };
}
