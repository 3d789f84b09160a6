import type { CacheOptions } from './types';

/** Default GET cache of forms spec §9: 5 minutes, at most 100 entries. */
export const DEFAULT_CACHE: CacheOptions = { ttl: 5 * 60_000, max: 100 };
/** Account-menu cache of forms spec §9: 10 seconds, at most 10 entries. */
export const ACCOUNT_MENU_CACHE: CacheOptions = { ttl: 10_000, max: 10 };
/** Identical cached GETs within this window share one call. */
export const THROTTLE_MS = 1000;

interface Entry<V> {
  value: V;
  expires: number;
}

/** A small TTL cache with least-recently-used eviction. */
export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  constructor(
    readonly options: CacheOptions,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, ttl = this.options.ttl): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + ttl });
    while (this.entries.size > this.options.max) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** One cache per distinct option set, so the account menu and the default cache stay apart. */
const caches = new Map<string, TtlCache<Promise<unknown>>>();

export function cacheFor(options: CacheOptions): TtlCache<Promise<unknown>> {
  const id = `${options.ttl}:${options.max}`;
  let cache = caches.get(id);
  if (!cache) {
    cache = new TtlCache<Promise<unknown>>(options);
    caches.set(id, cache);
  }
  return cache;
}
