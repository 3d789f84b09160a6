import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadAfter } from './reload';

afterEach(() => vi.useRealTimers());

describe('preference reloads (forms spec §4, §9)', () => {
  it.each([
    ['timezone', 300],
    ['language', 1000],
  ] as const)('a %s change reloads the page after %i ms, not before', (preference, delay) => {
    vi.useFakeTimers();
    const reload = vi.fn();
    reloadAfter(preference, reload);
    vi.advanceTimersByTime(delay - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
