// A token bucket per device serial: each device may send `perSecond`
// messages a second on average, `burst` at once; a flooding device loses
// its own messages and never delays another's.

export class DeviceRateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number; warnedAt: number }>();

  constructor(
    private readonly perSecond = 20,
    private readonly burst = 60,
    private readonly now = () => Date.now(),
  ) {}

  /** Takes a token: 'ok', 'drop', or 'drop-and-log' for the first drop of a serial in ten seconds. */
  take(serial: string): 'ok' | 'drop' | 'drop-and-log' {
    const now = this.now();
    let bucket = this.buckets.get(serial);
    if (!bucket) {
      if (this.buckets.size > 200_000) this.buckets.clear();
      bucket = { tokens: this.burst, at: now, warnedAt: 0 };
      this.buckets.set(serial, bucket);
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 'ok';
    }
    if (now - bucket.warnedAt < 10_000) return 'drop';
    bucket.warnedAt = now;
    return 'drop-and-log';
  }
}
