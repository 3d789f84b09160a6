import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SharedRedis } from '../cluster/redis';

// One rate limiter (rate-limiter-flexible): in memory for one instance, in
// Redis when several share it (REDIS_URL), so a limit holds whichever
// instance a request reaches. `name` keeps the counters of limits apart.

export function rateLimiter(
  name: string,
  points: number,
  durationSeconds: number,
  redis?: SharedRedis,
): RateLimiterAbstract {
  const duration = Math.max(1, Math.round(durationSeconds));
  return redis
    ? new RateLimiterRedis({ storeClient: redis.client, keyPrefix: `${redis.prefix}limit:${name}`, points, duration })
    : new RateLimiterMemory({ keyPrefix: name, points, duration });
}
