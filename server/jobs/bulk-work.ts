import type { AppContext } from '../context';
import { applyPasswords } from '../services/device-passwords';
import { runDeviceAction } from '../devices/device-actions';
import { runDeviceJob, type DeviceJob } from '../devices/device-jobs';
import { recordCreditLogs } from '../services/credit-log';
import { applyTemplate, type TemplateRequest } from '../services/configurator-template';
import { devicesOf, logDeviceTasks } from '../services/job-log';
import { queueTagActions, taggingsWithActions, type TagActionCaller } from '../services/tag-actions';

// The work of a bulk device operation, as data: a durable job queue stores
// it and any instance can run a chunk of it (server/services/bulk.ts). Each
// chunk answers how many of its devices changed; running a chunk twice (a
// job resumed after its instance died) changes nothing twice.

export type BulkWork =
  | { kind: 'delete' }
  | { kind: 'move'; companyId: number }
  /** `caller`: who tags the devices, for the jobs of the tags' actions (services/tag-actions.ts). */
  | { kind: 'tags'; action: 'assign' | 'unassign'; tagIds: number[]; caller?: TagActionCaller }
  /** The RMS API's per-device tag lists (PUT /devices/tags/assign|unassign|overwrite): device id → tag ids. */
  | {
      kind: 'tag-rows';
      action: 'assign' | 'unassign' | 'overwrite';
      rows: Record<string, number[]>;
      caller?: TagActionCaller;
    }
  /** PUT /devices/credit: device id → credit usage on (1) or off (0), logged per device (who, which credit type). */
  | { kind: 'credit'; rows: Record<string, number>; userId: number; creditTypeId: number }
  /** PUT /devices/monitoring: device id → monitoring on (1) or off (0). */
  | { kind: 'monitoring'; rows: Record<string, number> }
  /** A device password task (server/resources/device-passwords.ts): its devices take their passwords. */
  | { kind: 'passwords'; taskId: string }
  | { kind: 'task'; task: string; source: string }
  /** A multi configuration template used on devices: its name and requests, run on each device's configuration. */
  | { kind: 'template'; name: string; requests: TemplateRequest[] }
  | { kind: 'device-action'; action: 'reboot' | 'update_metrics_data' }
  /** A command, firmware update or configuration upload: a pending job per device, sent over the control channel. */
  | { kind: 'device-job'; job: DeviceJob };

async function tagRows(ctx: AppContext, work: Extract<BulkWork, { kind: 'tag-rows' }>, chunk: number[]) {
  const given =
    work.action === 'unassign'
      ? []
      : chunk.flatMap((device_id) => (work.rows[device_id] ?? []).map((tag_id) => ({ device_id, tag_id })));
  const fresh = work.caller ? await taggingsWithActions(ctx.db, given) : [];
  await ctx.db.transaction().execute(async (trx) => {
    for (const device_id of chunk) {
      const tagIds = work.rows[device_id] ?? [];
      if (work.action !== 'assign') {
        let remove = trx.deleteFrom('device_tags').where('device_id', '=', device_id);
        if (work.action === 'unassign') remove = remove.where('tag_id', 'in', tagIds.length ? tagIds : [-1]);
        await remove.execute();
      }
      if (work.action === 'unassign' || !tagIds.length) continue;
      await trx
        .insertInto('device_tags')
        .values(tagIds.map((tag_id) => ({ device_id, tag_id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
  if (work.caller) await queueTagActions(ctx, work.caller, fresh);
  return chunk.length;
}

/** Runs one chunk of a job (`jobKey` names the job: its channel). */
export async function runChunk(ctx: AppContext, work: BulkWork, chunk: number[], jobKey: string): Promise<number> {
  const { db } = ctx;
  const at = ctx.now().toISOString();
  switch (work.kind) {
    case 'delete':
      return Number((await db.deleteFrom('devices').where('id', 'in', chunk).executeTakeFirst()).numDeletedRows);
    case 'move': {
      const result = await db
        .updateTable('devices')
        .set({ company_id: work.companyId, updated_at: at })
        .where('id', 'in', chunk)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    }
    case 'tags': {
      if (work.action === 'unassign') {
        const result = await db
          .deleteFrom('device_tags')
          .where('device_id', 'in', chunk)
          .where('tag_id', 'in', work.tagIds)
          .executeTakeFirst();
        return Math.min(chunk.length, Number(result.numDeletedRows));
      }
      const given = chunk.flatMap((device_id) => work.tagIds.map((tag_id) => ({ device_id, tag_id })));
      const fresh = work.caller ? await taggingsWithActions(db, given) : [];
      await db
        .insertInto('device_tags')
        .values(given)
        .onConflict((oc) => oc.doNothing())
        .execute();
      if (work.caller) await queueTagActions(ctx, work.caller, fresh);
      return chunk.length;
    }
    case 'tag-rows':
      return tagRows(ctx, work, chunk);
    case 'monitoring':
      for (const id of chunk)
        await db
          .updateTable('devices')
          .set({ monitoring_enabled: work.rows[id] ? 1 : 0, updated_at: at })
          .where('id', '=', id)
          .execute();
      return chunk.length;
    case 'credit': {
      // The device uses the credit type while its credits are on: the record's management or data credit type.
      const type = await db
        .selectFrom('credit_types')
        .select('license_type')
        .where('id', '=', work.creditTypeId)
        .executeTakeFirst();
      const typeColumn = type?.license_type === 'data' ? 'data_credit_type_id' : 'management_credit_type_id';
      for (const id of chunk) {
        const on = work.rows[id] ? 1 : 0;
        await db
          .updateTable('devices')
          .set({ credit_enabled: on, [typeColumn]: on ? work.creditTypeId : null, updated_at: at })
          .where('id', '=', id)
          .execute();
      }
      await recordCreditLogs(db, work, chunk, at, jobKey);
      return chunk.length;
    }
    case 'device-action': {
      // Sent to each device over the control channel; the job's channel hears each device's real outcome.
      const outcomes = await runDeviceAction(ctx, work.action, {}, chunk, jobKey);
      return outcomes.filter((o) => o.outcome === 'done').length;
    }
    case 'device-job':
      return runDeviceJob(ctx, work.job, chunk, jobKey);
    case 'passwords':
      return applyPasswords(ctx, work.taskId, chunk);
    case 'template':
      return applyTemplate(db, work, chunk, at, jobKey);
    case 'task': {
      const devices = await devicesOf(db, chunk);
      await logDeviceTasks(db, jobKey, at, devices, () => ({
        status: 'scheduled',
        details: { action: work.task, source: work.source },
      }));
      return devices.length;
    }
  }
}
