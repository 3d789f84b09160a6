import { useSnapshot } from 'valtio/react';
import {
  TOAST_FADE_MS,
  TOAST_POSITIONS,
  closeToast,
  pauseToast,
  resumeToast,
  toasts,
  toastsAt,
  type Toast,
} from '../../engine/stores/toasts';
import './toasts.css';

function ToastItem({ toast }: { toast: Toast }) {
  const urgent = toast.type === 'error' || toast.type === 'warning';
  return (
    <div
      className={`toast toast--${toast.type}${toast.status === 'closed' ? ' toast--closing' : ''}`}
      role={urgent ? 'alert' : 'status'}
      style={{ transitionDuration: `${TOAST_FADE_MS}ms` }}
      onMouseEnter={() => pauseToast(toast.id)}
      onMouseLeave={() => resumeToast(toast.id)}
      onFocus={() => pauseToast(toast.id)}
      onBlur={() => resumeToast(toast.id)}
      onClick={toast.dismissible ? () => closeToast(toast.id) : undefined}
    >
      <p className="toast__message">{toast.message}</p>
      {toast.dismissible && (
        <button
          type="button"
          className="toast__close"
          aria-label="Close"
          onClick={(e) => {
            e.stopPropagation();
            closeToast(toast.id);
          }}
        >
          ×
        </button>
      )}
    </div>
  );
}

/** Renders the toast store: one live region per position, newest on top. */
export function ToastHost() {
  const snap = useSnapshot(toasts);
  return (
    <div className="toast-host">
      {TOAST_POSITIONS.map((position) => {
        const shown = toastsAt(snap.list as Toast[], position);
        return (
          <div key={position} className={`toast-host__stack toast-host__stack--${position}`} aria-live="polite">
            {shown.map((toast) => (
              <ToastItem key={toast.id} toast={toast} />
            ))}
          </div>
        );
      })}
    </div>
  );
}
