// Device alerts (a device went offline under an alert configuration) arrive
// as notifications on the user's private channel; besides the bell they are
// shown at once as a warning toast.
import type { ToastOptions } from '../stores/toasts';

export const DEVICE_ALERT = 'deviceAlert';

/** The toast for a pushed notification: device alerts only, their summary as a warning. */
export function alertToast(notification: { type?: unknown; summary?: unknown } | undefined): ToastOptions | undefined {
  if (notification?.type !== DEVICE_ALERT || typeof notification.summary !== 'string' || !notification.summary) {
    return undefined;
  }
  return { message: notification.summary, type: 'warning', position: 'top-right' };
}
