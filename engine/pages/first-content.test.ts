import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Module state: each test loads a fresh copy (a page load).
async function load() {
  vi.resetModules();
  return import('./first-content');
}

describe('first content', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the first page content, then lets what waits on it load', async () => {
    const { afterFirstContent, markContentShown } = await load();
    let settled = false;
    void afterFirstContent().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    markContentShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it('waits at most FIRST_CONTENT_WAIT_MS on a page that never says it showed its content', async () => {
    const { afterFirstContent, FIRST_CONTENT_WAIT_MS } = await load();
    let settled = false;
    void afterFirstContent().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('waits past FIRST_CONTENT_WAIT_MS for a page that said it will show content (a slow list)', async () => {
    const { afterFirstContent, expectContent, markContentShown, FIRST_CONTENT_WAIT_MS } = await load();
    let settled = false;
    void afterFirstContent().then(() => (settled = true));
    expectContent();
    await vi.advanceTimersByTimeAsync(FIRST_CONTENT_WAIT_MS + 2000);
    expect(settled).toBe(false);
    markContentShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });

  it('waits at most EXPECTED_CONTENT_WAIT_MS for a page that said so and never showed it', async () => {
    const { afterFirstContent, expectContent, EXPECTED_CONTENT_WAIT_MS } = await load();
    let settled = false;
    void afterFirstContent().then(() => (settled = true));
    expectContent();
    await vi.advanceTimersByTimeAsync(EXPECTED_CONTENT_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('lets what asks after the content was shown load at once', async () => {
    const { afterFirstContent, markContentShown } = await load();
    markContentShown();
    let settled = false;
    void afterFirstContent().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);
  });
});
