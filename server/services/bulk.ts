import type { Actor } from '../auth/actor';
import type { AppContext } from '../context';
import { invalid } from '../http/envelope';

// Bulk device operations: the call answers meta.channel at once, the work
// runs in chunks and reports ActionProgress / ActionCompleted on that
// private channel (the hub replays the last state to a late subscriber).

export const BULK_CHUNK = 500;
const START_DELAY_MS = 100;

/** Device ids from either bulk shape: {device_id: [...]} or {data: [{device_id, ...}]}. */
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
  if (!ids.length || ids.some((id) => !Number.isInteger(id) || id < 1)) {
    throw invalid(['device_id', 'Select at least one valid device.']);
  }
  if (ids.length > 200_000) throw invalid(['device_id', 'At most 200000 devices can be changed at once.']);
  return [...new Set(ids)];
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

export function runBulk(
  ctx: AppContext,
  actor: Actor,
  ids: number[],
  work: (chunk: number[]) => Promise<number>,
): string {
  const channel = ctx.realtime.createActionChannel(actor.user.id);
  const total = ids.length;
  let done = 0;
  let failed = 0;
  const step = async (offset: number) => {
    const chunk = ids.slice(offset, offset + BULK_CHUNK);
    ctx.version.bump();
    try {
      const changed = await work(chunk);
      done += chunk.length;
      failed += chunk.length - changed;
    } catch {
      done += chunk.length;
      failed += chunk.length;
    }
    ctx.version.bump();
    if (offset + BULK_CHUNK < total) {
      ctx.realtime.publish(channel, 'ActionProgress', { total, done, failed, status: 'running' });
      setImmediate(() => void step(offset + BULK_CHUNK));
    } else {
      ctx.realtime.publish(channel, 'ActionCompleted', { total, done, failed, status: 'completed' });
    }
  };
  setTimeout(() => void step(0), START_DELAY_MS);
  return channel;
}
