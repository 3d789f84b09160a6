import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  TOAST_MAX_SHOWN,
  clearToasts,
  closeToast,
  pauseToast,
  resumeToast,
  showToast,
  toasts,
  toastsAt,
  type ToastOptions,
} from './toasts';

const byId = (id: number) => toasts.list.find((t) => t.id === id);

describe('toasts store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    clearToasts();
    vi.useRealTimers();
  });

  it('shows with the defaults: bottom-right, 4000 ms, dismissible, default type', () => {
    const id = showToast({ message: 'Saved' });
    expect(byId(id)).toMatchObject({
      status: 'shown',
      position: 'bottom-right',
      duration: 4000,
      dismissible: true,
      type: 'default',
    });
    vi.advanceTimersByTime(3999);
    expect(byId(id)?.status).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(byId(id)?.status).toBe('closed');
    vi.advanceTimersByTime(149);
    expect(byId(id)).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(byId(id)).toBeUndefined();
  });

  it('takes the five types of spec 001 §4 and refuses any other', () => {
    for (const type of ['default', 'success', 'error', 'info', 'warning'] as const) {
      expect(byId(showToast({ message: type, type }))?.type).toBe(type);
    }
    expect(() => showToast({ message: 'x', type: 'danger' } as unknown as ToastOptions)).toThrow('type');
    expect(toasts.list).toHaveLength(5);
  });

  it('validates: message required and a string, position an allowed one', () => {
    expect(() => showToast({} as ToastOptions)).toThrow('required');
    expect(() => showToast({ message: 42 } as unknown as ToastOptions)).toThrow('must be a string');
    expect(() => showToast({ message: 'x', position: 'middle' } as unknown as ToastOptions)).toThrow('position');
    expect(toasts.list).toHaveLength(0);
  });

  it('shows at most 7 and rechecks every 250 ms for the waiting ones', () => {
    const ids = Array.from({ length: 9 }, (_, i) => showToast({ message: `m${i}`, duration: 1000 }));
    expect(toasts.list.filter((t) => t.status === 'shown')).toHaveLength(TOAST_MAX_SHOWN);
    expect(byId(ids[7])?.status).toBe('hidden');
    closeToast(ids[0]);
    vi.advanceTimersByTime(149);
    expect(byId(ids[7])?.status).toBe('hidden');
    vi.advanceTimersByTime(101); // fade done at 150, recheck at 250
    expect(byId(ids[7])?.status).toBe('shown');
    expect(byId(ids[8])?.status).toBe('hidden');
  });

  it('lists the newest on top per position', () => {
    const a = showToast({ message: 'a', position: 'top' });
    const b = showToast({ message: 'b', position: 'top' });
    showToast({ message: 'c' });
    expect(toastsAt(toasts.list, 'top').map((t) => t.id)).toEqual([b, a]);
  });

  it('pauses auto-dismiss on hover and resumes with the time left', () => {
    const id = showToast({ message: 'hover me', duration: 1000 });
    vi.advanceTimersByTime(600);
    pauseToast(id);
    vi.advanceTimersByTime(5000);
    expect(byId(id)?.status).toBe('shown');
    resumeToast(id);
    vi.advanceTimersByTime(399);
    expect(byId(id)?.status).toBe('shown');
    vi.advanceTimersByTime(1);
    expect(byId(id)?.status).toBe('closed');
  });

  it('does not pause when pause-on-hover is off', () => {
    const id = showToast({ message: 'x', duration: 1000, pauseOnHover: false });
    pauseToast(id);
    vi.advanceTimersByTime(1000);
    expect(byId(id)?.status).toBe('closed');
  });

  it('keeps a toast with duration 0 until closed', () => {
    const id = showToast({ message: 'sticky', duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(byId(id)?.status).toBe('shown');
  });
});
