import type { FastifyInstance } from 'fastify';
import type { DeviceJobTask } from '../devices/device-jobs';
import type { Actor } from '../auth/actor';
import { actorOf, requirePermission } from '../auth/guards';
import { invalid } from '../http/envelope';
import { assertDevicesInScope, bulkDeviceIds, startBulk } from '../services/bulk';
import { routeId } from '../services/ids';
import { gapRoute } from './pages-routes';
import { recordOf } from './record-of';

// Device jobs the firmware update and backup upload pages start over a
// selection (a template's use is configurator-templates-use.ts): each
// validates the chosen file in the caller's tenancy and answers
// meta.channel; every device gets a pending job, sent to it over the
// control channel with a signed download link for the file on this
// console's address (server/devices/device-jobs.ts), its outcome reported
// on the channel. Reports can be generated on demand.

interface JobDef {
  path: string;
  permission: string;
  task: DeviceJobTask;
  type: 'firmware' | 'config';
}

async function fileOf(app: FastifyInstance, actor: Actor, id: unknown, type: JobDef['type']) {
  const file = Number.isInteger(Number(id))
    ? await app.ctx.db
        .selectFrom('files')
        .select(['id', 'name', 'company_id', 'type'])
        .where('id', '=', Number(id))
        .executeTakeFirst()
    : undefined;
  const visible =
    file && file.type === type && (actor.companyIds === null || actor.companyIds.includes(file.company_id));
  if (!file || !visible) throw invalid(['file_id', `Select a ${type === 'firmware' ? 'firmware' : 'backup'} file.`]);
  return file;
}

const jobs: JobDef[] = [
  { path: '/devices/updates/set', permission: 'update_devices', task: 'firmware_upload', type: 'firmware' },
  { path: '/devices/backups/upload', permission: 'update_devices', task: 'config_upload', type: 'config' },
];

/** The actions of the OpenAPI's `set_updates_data` and the jobs they are. */
const UPDATE_ACTIONS: Record<string, JobDef> = {
  update_firmware: jobs[0],
  upload_backup: jobs[1],
};

/**
 * POST /devices/updates/set as the OpenAPI writes it: `data`, a list of `{id, action, file_id, offline,
 * keep_settings}`. The devices of one call take one action and one file (the job is one per call, on one
 * channel): a row naming another is a 422 on it. `offline` and `keep_settings` are taken and not used (a
 * device offline when its job is sent fails it; a firmware update keeps the settings).
 */
function updateRows(body: unknown): { def: JobDef; fileId: unknown; ids: number[] } | undefined {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data) || !data.length) return undefined;
  const rows = data as { id?: unknown; action?: unknown; file_id?: unknown }[];
  const [first] = rows;
  const def = UPDATE_ACTIONS[String(first?.action)];
  if (!def) throw invalid(['data.0.action', 'The selected action is invalid.']);
  rows.forEach((row, i) => {
    if (row?.action !== first.action) throw invalid([`data.${i}.action`, 'Every device of one call takes one action.']);
    if (row?.file_id !== first.file_id)
      throw invalid([`data.${i}.file_id`, 'Every device of one call takes one file.']);
  });
  return { def, fileId: first.file_id, ids: bulkDeviceIds({ device_id: rows.map((row) => row?.id) }) };
}

export default async function pagesActions(app: FastifyInstance) {
  const { db } = app.ctx;
  for (const def of jobs) {
    gapRoute(app, 'post', def.path, { preHandler: requirePermission(def.permission) }, async (request) => {
      const actor = actorOf(request);
      // The OpenAPI's rows (POST /devices/updates/set), or the pages' `{device_id, file_id}`.
      const rows = def === jobs[0] ? updateRows(request.body) : undefined;
      const job = rows?.def ?? def;
      const fileId = rows ? rows.fileId : (request.body as { file_id?: unknown } | null)?.file_id;
      const file = await fileOf(app, actor, fileId, job.type);
      const ids = rows?.ids ?? bulkDeviceIds(request.body);
      await assertDevicesInScope(app.ctx, actor, ids);
      const work = {
        task: job.task,
        source: file.name,
        fileId: file.id,
        base: `${request.protocol}://${request.host}`,
      };
      const channel = await startBulk(app.ctx, actor, ids, { kind: 'device-job', job: work });
      return { success: true, meta: { channel } };
    });
  }

  const generate = { preHandler: requirePermission(['view_reports', 'update_devices']) };
  gapRoute(app, 'post', '/reports/:id/generate', generate, async (request) => {
    const actor = actorOf(request);
    const report = await recordOf(db, actor, 'report', routeId(request.params), 'Report');
    const at = app.ctx.now().toISOString();
    const row = await db
      .insertInto('records')
      .values({
        kind: 'generated_report',
        company_id: report.company_id,
        name: `${report.name} ${at.slice(0, 10)}`,
        status: 'ready',
        details: JSON.stringify({ report: report.name, report_id: report.id, size: 0 }),
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { success: true, data: { id: row.id }, message: 'Report generated successfully' };
  });
}
