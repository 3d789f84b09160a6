import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import { actorOf } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { jsonInteger, jsonText } from '../db/dialect';
import { objectRows } from '../http/data-rows';
import { invalid } from '../http/envelope';
import { reportDone } from '../services/action-report';
import { ID_SCHEMA } from '../services/ids';
import { listRoute } from './list-route';
import { scoped } from './scoped';

// Pending device jobs of the RMS API: each device of a firmware update or a
// backup upload (POST /devices/updates/set, /devices/backups/upload) or of a
// device task gets a job, a device action log entry that stays `scheduled`
// until the device takes it. GET /devices/updates/pending lists the update
// jobs; cancelling a job (updates by device and job, actions by device or
// job) marks it cancelled, so the device never takes it.

/** The update jobs and their OpenAPI job_type. */
const UPDATE_TYPES: Record<string, number> = { firmware_upload: 1, config_upload: 2 };
const PENDING = 'scheduled';

export default async function deviceJobsCancel(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const action = jsonText(db, 'r.details', 'action');
  const deviceId = jsonInteger(db, 'r.details', 'device_id');

  /** Pending jobs of the caller's companies (device action log entries). */
  const pending = (actor: Actor) =>
    scoped(
      db.selectFrom('records as r').where('r.kind', '=', 'device_action_log').where('r.status', '=', PENDING),
      actor,
      'r.company_id',
    );

  listRoute(app, '/devices/updates/pending', 'view_devices', (actor) => ({
    from: () =>
      pending(actor)
        .innerJoin('devices as d', (join) => join.on(sql`d.id`, '=', deviceId))
        .where(action, 'in', Object.keys(UPDATE_TYPES)),
    idColumn: 'r.id',
    fields: { id: 'r.id', job_type: action, name: 'd.name', serial: 'd.serial', device_id: 'd.id' },
    search: ['name', 'serial'],
    sortable: ['id'],
    defaultSort: 'id',
    map: (row) => ({ ...row, job_type: UPDATE_TYPES[String(row.job_type)] }),
  }));

  /** Cancels the pending jobs among `ids` (of the device, when given); answers the ids cancelled. */
  async function cancel(actor: Actor, ids: number[], device?: number, updatesOnly = false): Promise<number[]> {
    let jobs = pending(actor)
      .select('r.id')
      .where('r.id', 'in', ids.length ? ids : [-1]);
    if (device !== undefined) jobs = jobs.where(deviceId, '=', device);
    if (updatesOnly) jobs = jobs.where(action, 'in', Object.keys(UPDATE_TYPES));
    const found = (await jobs.execute()).map((row) => row.id);
    if (found.length) {
      await db
        .updateTable('records')
        .set({ status: 'cancelled' })
        .where('id', 'in', found)
        .where('status', '=', PENDING)
        .execute();
      ctx.version.bump();
    }
    return found;
  }

  app.post(
    '/devices/updates/cancel',
    {
      ...guard(app, { permission: 'update_devices' }),
      schema: {
        body: objectRows(
          ['id', 'job_id'],
          { id: ID_SCHEMA, job_id: { type: 'array', minItems: 1, maxItems: 100, items: ID_SCHEMA } },
          100,
        ),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { data } = request.body as { data: { id: number; job_id: number[] }[] };
      const cancelled: number[] = [];
      const errors: { code: string; source: string; message: string }[] = [];
      for (const [i, row] of data.entries()) {
        const done = await cancel(actor, row.job_id, row.id, true);
        cancelled.push(...done);
        row.job_id.forEach((job, k) => {
          if (!done.includes(job)) {
            errors.push({
              code: 'NOT_FOUND',
              source: `data.${i}.job_id.${k}`,
              message: 'The device has no such pending update.',
            });
          }
        });
      }
      if (!errors.length) return { success: true, data: cancelled };
      if (!cancelled.length) return reply.status(422).send({ success: false, errors });
      return reply.status(207).send({ success: true, data: cancelled, errors });
    },
  );

  app.post(
    '/devices/actions/cancel',
    {
      ...guard(app, { permission: 'update_devices' }),
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            device_id: { type: 'array', minItems: 1, maxItems: 1000, items: ID_SCHEMA },
            job_id: { type: 'array', minItems: 1, maxItems: 1000, items: ID_SCHEMA },
          },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body as { device_id?: number[]; job_id?: number[] };
      let jobs = body.job_id ?? [];
      if (body.device_id) {
        const ofDevices = await pending(actor).select('r.id').where(deviceId, 'in', body.device_id).execute();
        jobs = [...new Set([...jobs, ...ofDevices.map((row) => row.id)])];
      }
      if (!jobs.length) throw invalid(['device_id', 'The selected devices have no pending actions.']);
      const done = await cancel(actor, jobs);
      return reportDone(ctx, actor, {
        total: jobs.length,
        done: done.length,
        failed: jobs.length - done.length,
        data: done,
      });
    },
  );
}
