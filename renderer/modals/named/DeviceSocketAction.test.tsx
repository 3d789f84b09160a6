// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../../engine/realtime/socket';
import { closeAllModals, modals, openModal, type ModalEntry } from '../../../engine/stores/modals';
import { ACTION_COMPLETED, ACTION_PROGRESS, DeviceSocketAction } from './DeviceSocketAction';

afterEach(() => {
  act(() => closeAllModals());
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Opens the action status for a channel; answers the handlers it subscribed. */
function openStatus(selection: unknown[] | undefined) {
  const handlers = new Map<string, (payload: Record<string, unknown>) => void>();
  vi.spyOn(realtime, 'subscribe').mockImplementation((channel, event, handler) => {
    handlers.set(`${channel}:${event}`, handler as (payload: Record<string, unknown>) => void);
    return () => undefined;
  });
  const modalId = openModal({ id: 'action-status', title: 'Action status' });
  const entry = modals.stack[0] as ModalEntry;
  const view = render(
    <DeviceSocketAction modalId={modalId} entry={entry} channel="device-action.7" selection={selection} />,
  );
  const send = (event: string, payload: Record<string, unknown>) =>
    act(() => handlers.get(`device-action.7:${event}`)?.(payload));
  return { view, send };
}

/** Opens the action status and answers with the device action's completion. */
function completeAction(selection: unknown[] | undefined) {
  openStatus(selection).send(ACTION_COMPLETED, { total: 2, done: 2, failed: 0 });
}

describe('action status per device', () => {
  it("shows each device's latest outcome as the server reports it, with its message or output", () => {
    const { view, send } = openStatus([1, 2]);
    send(ACTION_PROGRESS, { status: 'running', device: { id: 4, outcome: 'accepted' } });
    send(ACTION_PROGRESS, {
      status: 'running',
      device: { id: 4, outcome: 'progress', progress: 40, message: 'Downloading firmware' },
    });
    send(ACTION_PROGRESS, {
      status: 'running',
      device: { id: 5, outcome: 'offline', message: 'The device is offline.' },
    });
    const lines = () =>
      [...view.getByRole('list', { name: 'Devices' }).querySelectorAll('li')].map((li) => li.textContent);
    expect(lines()).toEqual([
      'Device 4: In progress 40% (Downloading firmware)',
      'Device 5: Offline (The device is offline.)',
    ]);
    send(ACTION_PROGRESS, {
      status: 'running',
      device: { id: 4, outcome: 'timed_out', message: 'The device did not finish in time.' },
    });
    send(ACTION_PROGRESS, {
      status: 'running',
      device: { id: 5, outcome: 'done', result: { output: 'up 12 seconds' } },
    });
    expect(lines()).toEqual([
      'Device 4: Timed out (The device did not finish in time.)',
      'Device 5: Done (up 12 seconds)',
    ]);
  });
});

describe('action status auto-close (forms spec §4)', () => {
  it('closes itself 1.5 s after completion when no selection was given', () => {
    vi.useFakeTimers();
    completeAction(undefined);
    act(() => vi.advanceTimersByTime(1499));
    expect(modals.stack).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(modals.stack).toHaveLength(0);
  });

  it('stays open after completion when a selection was given', () => {
    vi.useFakeTimers();
    completeAction([1, 2]);
    act(() => vi.advanceTimersByTime(10_000));
    expect(modals.stack).toHaveLength(1);
  });
});
