// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, toasts } from '../../engine/stores/toasts';
import { answerEvery, stubReload } from '../test-support/network';
import { TimezoneMenu } from './TimezoneMenu';

let reload: ReturnType<typeof stubReload>;

beforeEach(() => {
  reload = stubReload();
  answerEvery({ success: true, data: {} });
});

afterEach(() => {
  cleanup();
  clearToasts();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function pick(zone: string) {
  render(<TimezoneMenu />);
  fireEvent.click(screen.getByRole('button', { name: /System timezone/ }));
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Timezone'), { target: { value: zone } });
  });
  // The save settles in microtasks; vi.waitFor would advance the faked timers it is measuring.
  for (let i = 0; i < 50 && toasts.list.length === 0; i++) await act(async () => undefined);
  expect(toasts.list).toHaveLength(1);
}

// Forms spec §4 and §9: a new timezone shows its toast and reloads the page after 300 ms (the language waits 1 s).
describe('TimezoneMenu', () => {
  it("saves the chosen zone, toasts 'Timezone updated successfully' and reloads after 300 ms", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    await pick('Europe/Vilnius');
    const [url, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect([init.method, url, JSON.parse(String(init.body))]).toEqual([
      'PUT',
      '/api/account/user',
      { time_zone: 'Europe/Vilnius' },
    ]);
    expect(toasts.list[0]).toMatchObject({ message: 'Timezone updated successfully', type: 'success' });
    vi.advanceTimersByTime(299);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
