// Login rate limiting per account and per address: failed attempts within a
// sliding window; a success clears the account's counter.

const MAX_KEYS = 50_000;

export interface LimiterOptions {
  windowMs: number;
  maxPerAccount: number;
  maxPerAddress: number;
}

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly options: LimiterOptions = { windowMs: 15 * 60_000, maxPerAccount: 5, maxPerAddress: 20 },
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.options.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Seconds to wait before another attempt, or 0. */
  retryAfter(account: string, address: string, now = Date.now()): number {
    const checks: [string, number][] = [
      [`a:${account}`, this.options.maxPerAccount],
      [`ip:${address}`, this.options.maxPerAddress],
    ];
    let wait = 0;
    for (const [key, max] of checks) {
      const list = this.recent(key, now);
      if (list.length >= max) wait = Math.max(wait, Math.ceil((list[0] + this.options.windowMs - now) / 1000));
    }
    return wait;
  }

  fail(account: string, address: string, now = Date.now()): void {
    for (const key of [`a:${account}`, `ip:${address}`]) {
      const list = [...this.recent(key, now), now];
      this.failures.delete(key);
      this.failures.set(key, list);
    }
    // Bounded memory: forget the least recently failing keys first.
    while (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value as string);
  }

  succeed(account: string): void {
    this.failures.delete(`a:${account}`);
  }
}
