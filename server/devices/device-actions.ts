import { createHash, randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { ActionUpdate } from './control-channel';
import type { Action } from './protocol';

// Device actions over the control channel (POST /devices/actions and the
// device jobs of server/devices/device-jobs.ts): each device is sent the
// action, and every step of its real outcome is published on the job's
// channel as ActionProgress {status: 'running', device: {id, outcome,
// progress?, message?, result?}}: accepted, progress, then done, failed,
// timed_out, or offline when the device was not online (nothing sent). The
// request id is derived from the job and the device, so a job resumed after
// its instance died sends the same id again and the device does not run it
// twice.

export type DeviceOutcome = {
  id: number;
  outcome: ActionUpdate['outcome'] | 'offline';
  message?: string;
  progress?: number;
  result?: Record<string, unknown>;
};

export const requestIdOf = (jobKey: string, deviceId: number) =>
  createHash('sha256').update(`${jobKey}:${deviceId}`).digest('base64url').slice(0, 32);

/** Publishes one step of a device's outcome on the job's channel. */
export const reportOutcome = (ctx: AppContext, jobKey: string, update: DeviceOutcome) =>
  ctx.realtime.publish(jobKey, 'ActionProgress', { status: 'running', device: update });

/** The outcome of a device that is not online: nothing is sent. */
export const OFFLINE = 'The device is offline.';

/** Sends the action to one online device, reporting each step; answers its final outcome. */
export async function sendAction(
  ctx: AppContext,
  jobKey: string,
  device: { id: number; serial: string },
  action: Action,
  args: Record<string, unknown>,
  /** Keeps the final outcome (a job's log entry) before the channel hears of it. */
  keep: (outcome: DeviceOutcome) => Promise<void> = async () => undefined,
): Promise<DeviceOutcome> {
  if (!ctx.devices) {
    const offline: DeviceOutcome = { id: device.id, outcome: 'offline', message: OFFLINE };
    await keep(offline);
    await reportOutcome(ctx, jobKey, offline);
    return offline;
  }
  const final = await ctx.devices.control.send(device.serial, requestIdOf(jobKey, device.id), action, args, (u) => {
    void reportOutcome(ctx, jobKey, { id: device.id, outcome: u.outcome, progress: u.progress, message: u.message });
  });
  const outcome: DeviceOutcome = { id: device.id, outcome: final.outcome, message: final.message };
  if (final.result) outcome.result = final.result;
  await keep(outcome);
  await reportOutcome(ctx, jobKey, outcome);
  return outcome;
}

/** Runs the action on the chunk's devices; answers each device's final outcome. */
export async function runDeviceAction(
  ctx: AppContext,
  action: Action,
  args: Record<string, unknown>,
  chunk: number[],
  jobKey: string,
): Promise<DeviceOutcome[]> {
  const devices = await ctx.db
    .selectFrom('devices')
    .select(['id', 'serial', 'status'])
    .where('id', 'in', chunk)
    .execute();
  return Promise.all(
    devices.map(async (device): Promise<DeviceOutcome> => {
      if (device.status === 1) return sendAction(ctx, jobKey, device, action, args);
      const offline: DeviceOutcome = { id: device.id, outcome: 'offline', message: OFFLINE };
      await reportOutcome(ctx, jobKey, offline);
      return offline;
    }),
  );
}

/**
 * Asks one device a question over the control channel (a scan, a check) and answers its result, or why there is
 * none: not connected, refused, or no answer in time.
 */
export async function askDevice(
  ctx: AppContext,
  device: { serial: string },
  action: Action,
  args: Record<string, unknown> = {},
): Promise<{ result: Record<string, unknown> } | { message: string }> {
  if (!ctx.devices) return { message: OFFLINE };
  const final = await ctx.devices.control.send(device.serial, randomUUID(), action, args);
  if (final.outcome === 'done') return { result: final.result ?? {} };
  return { message: final.message ?? 'The device did not answer.' };
}
