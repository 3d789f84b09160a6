// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_BUILD_KEY,
  BUILD_TIMESTAMP,
  UPDATE_PROMPT_DELAY,
  updateState,
  VERSION_TIMESTAMP_KEY,
  watchVersion,
} from './updateCheck';

describe('the running build', () => {
  it('compares with a timestamp fixed at build time, in whole seconds', () => {
    expect(BUILD_TIMESTAMP).toBeGreaterThan(Date.UTC(2025, 0, 1));
    expect(BUILD_TIMESTAMP % 1000).toBe(0);
  });
});

describe('version reports (shell spec §4, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
    updateState.available = false;
  });
  afterEach(() => vi.useRealTimers());

  /** The worker's side of the conversation: it posts {version, timestamp}. */
  function report(worker: EventTarget, version: string, timestamp: number) {
    worker.dispatchEvent(new MessageEvent('message', { data: { version, timestamp } }));
  }

  it('stores the reported version and timestamp, and emits the update prompt 1000 ms after a newer build', () => {
    const worker = new EventTarget();
    watchVersion(worker);
    report(worker, '/assets/index-a.js', BUILD_TIMESTAMP);
    expect(localStorage.getItem(APP_BUILD_KEY)).toBe('/assets/index-a.js');
    expect(localStorage.getItem(VERSION_TIMESTAMP_KEY)).toBe(String(BUILD_TIMESTAMP));
    vi.advanceTimersByTime(5000);
    expect(updateState.available).toBe(false);

    report(worker, '/assets/index-b.js', BUILD_TIMESTAMP + 60_000);
    expect(localStorage.getItem(VERSION_TIMESTAMP_KEY)).toBe(String(BUILD_TIMESTAMP + 60_000));
    expect(UPDATE_PROMPT_DELAY).toBe(1000);
    vi.advanceTimersByTime(999);
    expect(updateState.available).toBe(false);
    vi.advanceTimersByTime(1);
    expect(updateState.available).toBe(true);
  });

  it('ignores a report without a timestamp', () => {
    const worker = new EventTarget();
    watchVersion(worker);
    worker.dispatchEvent(new MessageEvent('message', { data: { version: '/assets/index-a.js', timestamp: null } }));
    expect(localStorage.getItem(VERSION_TIMESTAMP_KEY)).toBeNull();
  });
});
