import { describe, expect, it } from 'vitest';
import { DataVersion, VersionedCache } from './data-version';

describe('VersionedCache', () => {
  it('serves a value only at the version it was computed for', () => {
    const version = new DataVersion();
    const cache = new VersionedCache<number>(version);
    cache.set('a', 1, version.value);
    expect(cache.get('a')).toBe(1);
    version.bump();
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops a value computed before a write that finished meanwhile', () => {
    const version = new DataVersion();
    const cache = new VersionedCache<number>(version);
    const startedAt = version.value;
    version.bump();
    cache.set('a', 1, startedAt);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps at most max entries', () => {
    const version = new DataVersion();
    const cache = new VersionedCache<number>(version, 2);
    for (const k of ['a', 'b', 'c']) cache.set(k, 1, version.value);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(1);
  });
});
