// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../../engine/realtime/socket';
import { closeAllModals, modals, openModal, type ModalEntry } from '../../../engine/stores/modals';
import { ACTION_COMPLETED, DeviceSocketAction } from './DeviceSocketAction';

afterEach(() => {
  act(() => closeAllModals());
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Opens the action status for a channel and answers with the device action's completion. */
function completeAction(selection: unknown[] | undefined) {
  const handlers = new Map<string, (payload: Record<string, unknown>) => void>();
  vi.spyOn(realtime, 'subscribe').mockImplementation((channel, event, handler) => {
    handlers.set(`${channel}:${event}`, handler as (payload: Record<string, unknown>) => void);
    return () => undefined;
  });
  const modalId = openModal({ id: 'action-status', title: 'Action status' });
  const entry = modals.stack[0] as ModalEntry;
  render(<DeviceSocketAction modalId={modalId} entry={entry} channel="device-action.7" selection={selection} />);
  act(() => handlers.get(`device-action.7:${ACTION_COMPLETED}`)?.({ total: 2, done: 2, failed: 0 }));
}

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
