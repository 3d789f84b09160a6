import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { SharedRedis } from '../cluster/redis';
import { rateLimiter } from './rate-limit';

// Rate limiting of password attempts (sign-in, password confirmation) per
// account and per address: failures counted within a window
// (./rate-limit.ts: in Redis when instances share it); a success clears the
// account's counter.

export interface LimiterOptions {
  windowMs: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

const DEFAULTS: LimiterOptions = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20 };

export class LoginLimiter {
  private readonly account: RateLimiterAbstract;
  private readonly address: RateLimiterAbstract;

  /** `name` keeps the counters of different limits apart (login, password confirmation). */
  constructor(
    name: string,
    redis?: SharedRedis,
    private readonly options: LimiterOptions = DEFAULTS,
  ) {
    const make = (part: string, points: number) =>
      rateLimiter(`${name}:${part}`, points, options.windowMs / 1000, redis);
    this.account = make('account', options.maxPerAccount);
    this.address = make('address', options.maxPerAddress);
  }

  /** Seconds to wait before another attempt, or 0. */
  async retryAfter(account: string, address: string): Promise<number> {
    const [byAccount, byAddress] = await Promise.all([this.account.get(account), this.address.get(address)]);
    let wait = 0;
    for (const [state, max] of [
      [byAccount, this.options.maxPerAccount],
      [byAddress, this.options.maxPerAddress],
    ] as const) {
      if (state && state.consumedPoints >= max) wait = Math.max(wait, Math.ceil(state.msBeforeNext / 1000));
    }
    return wait;
  }

  async fail(account: string, address: string): Promise<void> {
    await Promise.all([this.account.penalty(account, 1), this.address.penalty(address, 1)]);
  }

  async succeed(account: string): Promise<void> {
    await this.account.delete(account);
  }
}
