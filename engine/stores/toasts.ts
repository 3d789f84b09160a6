import { proxy } from 'valtio/vanilla';

// Toasts (forms spec §4 "Toast", §5, §9): hidden -> shown -> closed. A toast
// waits (rechecking every 250 ms) while the screen is full, fades out for
// 150 ms when closed, and pauses its auto-dismiss while hovered.

export const TOAST_TYPES = ['default', 'success', 'error', 'info', 'warning'] as const;
export const TOAST_POSITIONS = ['top-right', 'top', 'top-left', 'bottom-right', 'bottom', 'bottom-left'] as const;
export const TOAST_DEFAULT_POSITION = 'bottom-right';
export const TOAST_DEFAULT_DURATION = 4000;
export const TOAST_RECHECK_MS = 250;
export const TOAST_FADE_MS = 150;
export const TOAST_MAX_SHOWN = 7;

export type ToastType = (typeof TOAST_TYPES)[number];
export type ToastPosition = (typeof TOAST_POSITIONS)[number];
export type ToastStatus = 'hidden' | 'shown' | 'closed';

export interface ToastOptions {
  message: string;
  type?: ToastType;
  position?: ToastPosition;
  /** Milliseconds until auto-dismiss; 0 or less keeps the toast until closed. */
  duration?: number;
  dismissible?: boolean;
  pauseOnHover?: boolean;
}

export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  position: ToastPosition;
  duration: number;
  dismissible: boolean;
  pauseOnHover: boolean;
  status: ToastStatus;
  paused: boolean;
}

/** Validates options the way the spec asks: message required and a string, position an allowed one. */
export function validateToastOptions(options: ToastOptions): void {
  if (!options || typeof options !== 'object' || options.message === undefined || options.message === null) {
    throw new TypeError('Toast message is required');
  }
  if (typeof options.message !== 'string') throw new TypeError('Toast message must be a string');
  if (options.position !== undefined && !TOAST_POSITIONS.includes(options.position)) {
    throw new TypeError(`Toast position must be one of: ${TOAST_POSITIONS.join(', ')}`);
  }
  if (options.type !== undefined && !TOAST_TYPES.includes(options.type)) {
    throw new TypeError(`Toast type must be one of: ${TOAST_TYPES.join(', ')}`);
  }
}

export function createToast(id: number, options: ToastOptions): Toast {
  validateToastOptions(options);
  return {
    id,
    message: options.message,
    type: options.type ?? 'default',
    position: options.position ?? TOAST_DEFAULT_POSITION,
    duration: options.duration ?? TOAST_DEFAULT_DURATION,
    dismissible: options.dismissible ?? true,
    pauseOnHover: options.pauseOnHover ?? true,
    status: 'hidden',
    paused: false,
  };
}

/** The queue rule: the screen is full while 7 toasts are shown (fading ones still count). */
export function screenIsFull(list: readonly Toast[]): boolean {
  return list.filter((t) => t.status !== 'hidden').length >= TOAST_MAX_SHOWN;
}

/** Shown toasts of one position, newest on top. */
export function toastsAt(list: readonly Toast[], position: ToastPosition): Toast[] {
  return list.filter((t) => t.position === position && t.status !== 'hidden').reverse();
}

export const toasts = proxy<{ list: Toast[] }>({ list: [] });

interface Timer {
  handle?: ReturnType<typeof setTimeout>;
  startedAt: number;
  remaining: number;
}
const timers = new Map<number, Timer>();
let nextId = 1;

function find(id: number): Toast | undefined {
  return toasts.list.find((t) => t.id === id);
}

function startDismissTimer(id: number, ms: number): void {
  if (ms <= 0) return;
  const timer: Timer = { startedAt: Date.now(), remaining: ms };
  timer.handle = setTimeout(() => closeToast(id), ms);
  timers.set(id, timer);
}

function tryShow(id: number): void {
  const toast = find(id);
  if (!toast || toast.status !== 'hidden') return;
  if (screenIsFull(toasts.list)) {
    setTimeout(() => tryShow(id), TOAST_RECHECK_MS);
    return;
  }
  toast.status = 'shown';
  startDismissTimer(id, toast.duration);
}

/** Shows a toast (or queues it while the screen is full); returns its id. */
export function showToast(options: ToastOptions): number {
  const toast = createToast(nextId++, options);
  toasts.list.push(toast);
  tryShow(toast.id);
  return toast.id;
}

/** Closes a toast: it fades for 150 ms, then is removed. */
export function closeToast(id: number): void {
  const toast = find(id);
  if (!toast || toast.status === 'closed') return;
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
  if (toast.status === 'hidden') {
    toasts.list.splice(toasts.list.indexOf(toast), 1);
    return;
  }
  toast.status = 'closed';
  setTimeout(() => {
    const index = toasts.list.findIndex((t) => t.id === id);
    if (index >= 0) toasts.list.splice(index, 1);
  }, TOAST_FADE_MS);
}

/** Hover start: pauses the auto-dismiss when pause-on-hover is on. */
export function pauseToast(id: number): void {
  const toast = find(id);
  const timer = timers.get(id);
  if (!toast || !timer || !toast.pauseOnHover || toast.paused || toast.status !== 'shown') return;
  if (timer.handle) clearTimeout(timer.handle);
  timer.handle = undefined;
  timer.remaining -= Date.now() - timer.startedAt;
  toast.paused = true;
}

/** Hover end: resumes the auto-dismiss with the time that was left. */
export function resumeToast(id: number): void {
  const toast = find(id);
  const timer = timers.get(id);
  if (!toast || !timer || !toast.paused) return;
  toast.paused = false;
  timers.delete(id);
  startDismissTimer(id, Math.max(timer.remaining, 0));
}

/**
 * Removes every toast at once (tests, logout).
 * @internal For tests: resets the store between them.
 */
export function clearToasts(): void {
  for (const timer of timers.values()) if (timer.handle) clearTimeout(timer.handle);
  timers.clear();
  toasts.list.splice(0);
}
