import { useEffect, useState } from 'react';
import { realtime } from '../../../engine/realtime/socket';
import { closeModal } from '../../../engine/stores/modals';
import { emitReloadData } from '../../../engine/submit/events';
import type { ModalComponentProps } from '../types';

export const ACTION_PROGRESS = 'ActionProgress';
export const ACTION_COMPLETED = 'ActionCompleted';
/** Delay before the status modal closes itself after completion when no selection was given. */
export const AUTO_CLOSE_MS = 1500;

/** A device's latest step as the server reports it (docs/devices-protocol.md, "Timeouts and outcomes"). */
interface DeviceStep {
  id: number;
  outcome: string;
  progress?: number;
  message?: string;
  result?: { output?: unknown };
}

const OUTCOME_LABELS: Record<string, string> = {
  accepted: 'Accepted',
  progress: 'In progress',
  done: 'Done',
  failed: 'Failed',
  timed_out: 'Timed out',
  offline: 'Offline',
};

/** One device's line: its outcome, the percentage or the device's message, a command's output. */
function stepText(step: DeviceStep): string {
  const label = OUTCOME_LABELS[step.outcome] ?? step.outcome;
  const percent = step.outcome === 'progress' && step.progress !== undefined ? ` ${Math.round(step.progress)}%` : '';
  const output = typeof step.result?.output === 'string' ? step.result.output : undefined;
  const detail = output ?? step.message;
  return `Device ${step.id}: ${label}${percent}${detail ? ` (${detail})` : ''}`;
}

/** The devices' lines shown at most (a bulk action of many devices shows its counts only beyond). */
const MAX_DEVICE_LINES = 20;

interface Progress {
  total: number;
  done: number;
  failed: number;
  status: string;
}

/** Action status: follows the response's meta.channel until the device action completes. */
export function DeviceSocketAction({ modalId, channel, selection }: ModalComponentProps) {
  const [progress, setProgress] = useState<Progress>({ total: 0, done: 0, failed: 0, status: 'pending' });
  const [steps, setSteps] = useState<ReadonlyMap<number, DeviceStep>>(new Map());
  const name = String(channel ?? '');
  const completed = progress.status === 'completed';

  useEffect(() => {
    if (!name) return;
    const update = (payload: Record<string, unknown>) =>
      setProgress((p) => ({
        total: Number(payload.total ?? p.total),
        done: Number(payload.done ?? p.done),
        failed: Number(payload.failed ?? p.failed),
        status: String(payload.status ?? p.status),
      }));
    const offProgress = realtime.subscribe(name, ACTION_PROGRESS, (payload) => {
      const device = payload.device as DeviceStep | undefined;
      if (device && typeof device.id === 'number')
        setSteps((known) =>
          known.size < MAX_DEVICE_LINES || known.has(device.id) ? new Map(known).set(device.id, device) : known,
        );
      update(payload);
    });
    const offDone = realtime.subscribe(name, ACTION_COMPLETED, (payload) =>
      update({ ...payload, status: 'completed' }),
    );
    return () => {
      offProgress();
      offDone();
    };
  }, [name]);

  useEffect(() => {
    if (!completed) return;
    emitReloadData({});
    const hasSelection = Array.isArray(selection) && selection.length > 0;
    if (hasSelection) return;
    const timer = setTimeout(() => closeModal(modalId), AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [completed, selection, modalId]);

  const percent = progress.total ? Math.round(((progress.done + progress.failed) / progress.total) * 100) : 0;
  return (
    <div className="action-status">
      <p role="status">
        {completed ? 'Completed' : 'In progress'}: {progress.done} of {progress.total || '…'} done
        {progress.failed ? `, ${progress.failed} failed` : ''}
      </p>
      <div
        className="action-status__bar"
        role="progressbar"
        aria-label="Action progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      {steps.size > 0 && (
        <ul className="action-status__devices" aria-label="Devices">
          {[...steps.values()].map((step) => (
            <li key={step.id}>{stepText(step)}</li>
          ))}
        </ul>
      )}
      <div className="modal-actions">
        <button type="button" className="fc-btn fc-btn--primary" onClick={() => closeModal(modalId)}>
          Close
        </button>
      </div>
    </div>
  );
}
