import { BATCH_SIZE } from '../../engine/constants';
import type { Actor } from '../auth/actor';
import type { AppContext } from '../context';
import { invalid } from '../http/envelope';
import { runChunk, type BulkWork } from '../jobs/bulk-work';
import type { JobRunner } from '../jobs/queue';
import { distinct, isId } from './ids';

// Bulk device operations: the call answers meta.channel at once, the work
// (server/jobs/bulk-work.ts) goes to the job queue (server/jobs/queue.ts),
// runs in chunks and reports ActionProgress / ActionCompleted on that
// private channel (the hub replays the last state to a late subscriber).

export const BULK_CHUNK = 500;

/** Device ids from either bulk shape, {device_id: [...]} or {data: [{device_id, ...}]}: each device once. */
export function bulkDeviceIds(body: unknown): number[] {
  const b = (body ?? {}) as { device_id?: unknown; data?: unknown };
  const raw = Array.isArray(b.device_id)
    ? b.device_id
    : b.device_id !== undefined
      ? [b.device_id]
      : Array.isArray(b.data)
        ? b.data.map((row) => (row as { device_id?: unknown })?.device_id)
        : [];
  const ids = raw.map(Number);
  if (!ids.length || ids.some((id) => !isId(id))) {
    throw invalid(['device_id', 'Select at least one valid device.']);
  }
  // One call carries one batch (the console splits larger selections).
  if (ids.length > BATCH_SIZE) throw invalid(['device_id', `At most ${BATCH_SIZE} devices can be changed at once.`]);
  return distinct(ids, 'device_id');
}

/** 422 unless every id is a device of the caller's companies (no leak beyond "not found"). */
export async function assertDevicesInScope(ctx: AppContext, actor: Actor, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    let query = ctx.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', chunk);
    if (actor.companyIds !== null) query = query.where('company_id', 'in', actor.companyIds);
    const { n } = await query.executeTakeFirstOrThrow();
    if (Number(n) !== chunk.length) throw invalid(['device_id', 'Some of the selected devices were not found.']);
  }
}

/** Queues a bulk operation and answers its private channel (meta.channel). */
export async function startBulk(ctx: AppContext, actor: Actor, ids: number[], work: BulkWork): Promise<string> {
  const channel = await ctx.realtime.createActionChannel(actor.user.id);
  await ctx.jobs.add({ channel, userId: actor.user.id, ids, work });
  return channel;
}

export interface BulkOptions {
  /** Devices per chunk (BULK_CHUNK_SIZE). */
  chunkSize?: number;
  /** Pause between chunks, leaving the database to interactive work (BULK_PAUSE_MS). */
  pauseMs?: number;
}

/** Runs a bulk job chunk by chunk from a saved point, reporting on its channel. */
export function bulkRunner(ctx: AppContext, { chunkSize = BULK_CHUNK, pauseMs = 0 }: BulkOptions = {}): JobRunner {
  return async (job, from, save) => {
    const total = job.ids.length;
    let { offset, done, failed } = from;
    while (offset < total) {
      const chunk = job.ids.slice(offset, offset + chunkSize);
      ctx.version.bump();
      const changed = await runChunk(ctx, job.work, chunk, job.channel).catch(() => 0);
      ctx.version.bump();
      offset += chunk.length;
      done += chunk.length;
      failed += chunk.length - changed;
      await save({ offset, done, failed });
      if (offset >= total) break;
      await ctx.realtime.publish(job.channel, 'ActionProgress', { total, done, failed, status: 'running' });
      await new Promise((resolve) => (pauseMs ? setTimeout(resolve, pauseMs) : setImmediate(resolve)));
    }
    await ctx.realtime.publish(job.channel, 'ActionCompleted', { total, done, failed, status: 'completed' });
  };
}
