import type { LastEvent } from './actions';

// The vendor's Status API view of an action channel (GET /status/channel/{channel}):
// the channel's messages so far, keyed by the device they are about (its id)
// or "-1" for the operation as a whole, each key holding its messages oldest
// first, every message with its `status` (pending, in_progress, completed,
// error) and what the vendor writes beside it (`value`, an `errorcode`, or
// the operation's own fields). Derived from the events the hub keeps, so the
// socket's events and the status channel never disagree.

export type StatusMessage = Record<string, unknown> & { status: string };
export type StatusData = Record<string, StatusMessage[]>;

/** The key of the operation as a whole, as the vendor writes it. */
export const WHOLE = '-1';
const DEFAULT_DONE = 'Action executed successfully.';

/** A device's step of a device action (server/devices/device-actions.ts) as the vendor's status. */
const OUTCOME_STATUS: Record<string, string> = {
  accepted: 'pending',
  progress: 'in_progress',
  done: 'completed',
  failed: 'error',
  timed_out: 'error',
  offline: 'error',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a result is already keyed by device id (or "-1"), each key an object: the vendor's data shape. */
export function keyedByDevice(data: unknown): data is Record<string, Record<string, unknown>> {
  if (!isObject(data)) return false;
  const entries = Object.entries(data);
  return entries.length > 0 && entries.every(([key, value]) => /^-?\d+$/.test(key) && isObject(value));
}

/** The messages one event adds, by key. */
function messagesOf({ event, payload }: LastEvent): [string, StatusMessage][] {
  const p = isObject(payload) ? payload : {};
  const counts = { total: p.total, done: p.done, failed: p.failed };
  if (isObject(p.device)) {
    const { id, outcome, message, progress } = p.device;
    const status = OUTCOME_STATUS[String(outcome)] ?? 'in_progress';
    const step: StatusMessage = { status, value: typeof message === 'string' ? message : String(outcome) };
    if (typeof progress === 'number') step.progress = progress;
    if (status === 'error') step.errorcode = String(outcome);
    return [[String(id), step]];
  }
  if (event !== 'ActionCompleted') {
    return [[WHOLE, { status: 'in_progress', value: `${String(p.done)} of ${String(p.total)} done`, ...counts }]];
  }
  const { data } = p;
  if (keyedByDevice(data)) {
    return Object.entries(data).map(([key, value]) => [key, { status: 'completed', ...value }]);
  }
  if (isObject(data)) return [[WHOLE, { ...counts, ...data, status: 'completed' }]];
  return [[WHOLE, { ...counts, status: 'completed', value: data === undefined ? DEFAULT_DONE : data }]];
}

/** A channel's events in the vendor's shape: every message so far, by key. */
export function statusData(events: readonly LastEvent[]): StatusData {
  const data: StatusData = {};
  for (const event of events) {
    for (const [key, message] of messagesOf(event)) (data[key] ??= []).push(message);
  }
  return data;
}
