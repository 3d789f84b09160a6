import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import { jsonText } from '../db/dialect';
import { publishDeviceUpdates } from '../services/device-status';
import { jobKeyOf, logDeviceTasks } from '../services/job-log';
import { OFFLINE, reportOutcome, sendAction, type DeviceOutcome } from './device-actions';
import { signDownload } from './downloads';
import type { Action } from './protocol';

// The device jobs (a command, a firmware update, a configuration upload):
// each device of the job gets a pending job, a device action log entry
// `scheduled` until it is sent. An online device is sent it at once over the
// control channel; an offline one keeps it pending and is sent it when it
// comes online (the gateway calls dispatchPending), unless it was cancelled
// first. Taking a job is one conditional update (scheduled → running), so
// one instance sends it; the entry ends as completed, failed or timed_out
// with the device's own answer (a command's output, the firmware it runs),
// and each step is reported on the job's channel.

export const DEVICE_JOBS = {
  command: 'command',
  firmware_upload: 'firmware_update',
  config_upload: 'config_update',
} as const satisfies Record<string, Action>;
export type DeviceJobTask = keyof typeof DEVICE_JOBS;

/** What a job keeps to build its request when it is sent (a download link is signed then). */
export interface DeviceJob {
  task: DeviceJobTask;
  /** What the log shows: the command, or the file's name. */
  source: string;
  command?: string;
  fileId?: number;
  /** The console's address the device downloads from (the one the job was asked on). */
  base?: string;
}

const PENDING = 'scheduled';
const ENTRY_STATUS = { done: 'completed', failed: 'failed', timed_out: 'timed_out' } as const;
/** How long a download link sent to a device stays valid. */
export const LINK_MS = 2 * 3600_000;
export const DOWNLOAD_PATH = '/api/devices/downloads/';

type JobDevice = { id: number; serial: string; company_id: number };

/** The request's arguments; undefined when its file is gone. */
async function argsOf(ctx: AppContext, job: DeviceJob): Promise<Record<string, unknown> | undefined> {
  if (job.task === 'command') return { command: job.command };
  const file = await ctx.db
    .selectFrom('files')
    .select(['id', 'name', 'version', 'content'])
    .where('id', '=', job.fileId ?? -1)
    .executeTakeFirst();
  if (!file) return undefined;
  const content = Buffer.from(file.content);
  const url = `${job.base}${DOWNLOAD_PATH}${signDownload(ctx.tokenKey, file.id, ctx.now().getTime() + LINK_MS)}`;
  const sha256 = createHash('sha256').update(content).digest('hex');
  const download = { url, size: content.length, sha256 };
  return job.task === 'firmware_upload' ? { ...download, firmware: file.version ?? file.name } : download;
}

async function finish(ctx: AppContext, key: string, device: JobDevice, job: DeviceJob, final: DeviceOutcome) {
  const { db } = ctx;
  const entry = await db.selectFrom('records').select('details').where('job_key', '=', key).executeTakeFirst();
  const details = { ...(JSON.parse(entry?.details ?? '{}') as object), outcome: final.outcome };
  if (final.message) Object.assign(details, { message: final.message });
  if (final.result) Object.assign(details, { result: final.result });
  const status = final.outcome in ENTRY_STATUS ? ENTRY_STATUS[final.outcome as keyof typeof ENTRY_STATUS] : 'failed';
  await db
    .updateTable('records')
    .set({ status, details: JSON.stringify(details) })
    .where('job_key', '=', key)
    .execute();
  const firmware = final.result?.firmware;
  if (job.task === 'firmware_upload' && final.outcome === 'done' && typeof firmware === 'string' && firmware) {
    await db
      .updateTable('devices')
      .set({ firmware: firmware.slice(0, 64), updated_at: ctx.now().toISOString() })
      .where('id', '=', device.id)
      .execute();
    ctx.version.bump();
    await publishDeviceUpdates(ctx, [device.id]);
  }
}

/** Takes the device's pending job and sends it; undefined when it was no longer pending (cancelled, taken). */
async function dispatch(ctx: AppContext, channel: string, device: JobDevice, job: DeviceJob) {
  const key = jobKeyOf(channel, device.id);
  const taken = await ctx.db
    .updateTable('records')
    .set({ status: 'running' })
    .where('job_key', '=', key)
    .where('status', '=', PENDING)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return undefined;
  const args = await argsOf(ctx, job);
  // The log entry says how the job ended before its channel does.
  const keep = (final: DeviceOutcome) => finish(ctx, key, device, job, final);
  if (args) return (await sendAction(ctx, channel, device, DEVICE_JOBS[job.task], args, keep)).outcome;
  const removed: DeviceOutcome = { id: device.id, outcome: 'failed', message: 'The file was removed.' };
  await keep(removed);
  await reportOutcome(ctx, channel, removed);
  return removed.outcome;
}

/** Runs a chunk of a device job: pending entries for all, sent now to the online devices; answers how many were done. */
export async function runDeviceJob(ctx: AppContext, job: DeviceJob, chunk: number[], channel: string) {
  const devices = await ctx.db
    .selectFrom('devices')
    .select(['id', 'name', 'serial', 'company_id', 'status'])
    .where('id', 'in', chunk)
    .orderBy('id')
    .execute();
  await logDeviceTasks(ctx.db, channel, ctx.now().toISOString(), devices, () => ({
    status: PENDING,
    details: { action: job.task, source: job.source, job },
  }));
  const outcomes = await Promise.all(
    devices.map(async (device) => {
      if (ctx.devices && device.status === 1) return dispatch(ctx, channel, device, job);
      await reportOutcome(ctx, channel, {
        id: device.id,
        outcome: 'offline',
        message: `${OFFLINE} The job waits until it connects.`,
      });
      return 'offline';
    }),
  );
  return outcomes.filter((outcome) => outcome === 'done').length;
}

/** Sends a device that came online its pending jobs, one after another, oldest first. */
export async function dispatchPending(ctx: AppContext, deviceId: number): Promise<void> {
  const { db } = ctx;
  const device = await db
    .selectFrom('devices')
    .select(['id', 'serial', 'company_id'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
  if (!device) return;
  const entries = await db
    .selectFrom('records')
    .select(['job_key', 'details'])
    .where('kind', '=', 'device_action_log')
    .where('company_id', '=', device.company_id)
    .where('status', '=', PENDING)
    .where('job_key', 'like', `%:${deviceId}`)
    .where(jsonText(db, 'details', 'action'), 'in', Object.keys(DEVICE_JOBS))
    .orderBy('id')
    .execute();
  for (const entry of entries) {
    const job = (JSON.parse(entry.details) as { job?: DeviceJob }).job;
    const key = entry.job_key;
    if (!job || !key || !(job.task in DEVICE_JOBS)) continue;
    await dispatch(ctx, key.slice(0, key.lastIndexOf(':')), device, job);
  }
}
