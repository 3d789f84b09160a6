import { describe, expect, it } from 'vitest';
import { ACCOUNT_MENU_CACHE, DEFAULT_CACHE, THROTTLE_MS, TtlCache, cacheFor } from './cache';

// Forms spec §9: "Account-menu cache 10 s, at most 10 entries. Default GET cache
// 5 minutes, at most 100 entries; throttle 1 s." (§7: the company and the credit
// summary of the account menu are cached 10 s.)

describe('GET caches', () => {
  it('are the spec numbers: account menu 10 s / 10 entries, default 5 min / 100, throttle 1 s', () => {
    expect(ACCOUNT_MENU_CACHE).toEqual({ ttl: 10_000, max: 10 });
    expect(DEFAULT_CACHE).toEqual({ ttl: 300_000, max: 100 });
    expect(THROTTLE_MS).toBe(1000);
  });

  it('an account-menu entry is gone after 10 s, and the 11th entry evicts the least recently used', () => {
    let now = 0;
    const cache = new TtlCache<string>(ACCOUNT_MENU_CACHE, () => now);
    cache.set('/companies/1', 'a');
    now = 9_999;
    expect(cache.get('/companies/1')).toBe('a');
    now = 10_000;
    expect(cache.get('/companies/1')).toBeUndefined();
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, String(i));
    cache.get('k0');
    cache.set('k10', '10');
    expect(cache.size).toBe(10);
    expect(cache.get('k0')).toBe('0');
    expect(cache.get('k1')).toBeUndefined();
  });

  it('the account menu and the default cache are kept apart', () => {
    expect(cacheFor(ACCOUNT_MENU_CACHE)).toBe(cacheFor({ ttl: 10_000, max: 10 }));
    expect(cacheFor(ACCOUNT_MENU_CACHE)).not.toBe(cacheFor(DEFAULT_CACHE));
  });
});
