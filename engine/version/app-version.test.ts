import { describe, expect, it } from 'vitest';
import { APP_VERSION_KEY } from '../http/client';
import { storeAppVersion } from './app-version';

function memory(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, v: string) => values.set(key, v) };
}

describe('the stored app version', () => {
  it('is written on the first start', () => {
    const storage = memory();
    storeAppVersion(storage, '5.4.1');
    expect(storage.getItem(APP_VERSION_KEY)).toBe('5.4.1');
  });
  it('follows an upgrade: the new build replaces the version an older one stored', () => {
    const storage = memory({ [APP_VERSION_KEY]: '5.3.0' });
    storeAppVersion(storage, '5.4.1');
    expect(storage.getItem(APP_VERSION_KEY)).toBe('5.4.1');
  });
});
