import { tagActionCaller } from '../services/tag-actions';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import type { Actor } from '../auth/actor';
import { guard } from '../auth/sensitive';
import { jsonInteger, jsonText } from '../db/dialect';
import { invalid, list, notFound } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { assertDevicesInScope, bulkDeviceIds, startBulk } from '../services/bulk';
import { distinct, routeId } from '../services/ids';
import { scoped } from './scoped';

// Device operations as the RMS API spells them: tag lists per device (PUT
// /devices/tags/assign|unassign|overwrite), credit usage (PUT
// /devices/credit), a command (POST /devices/{id}/command), all answering
// meta.channel with progress on it; the device logs (the action log of the
// devices) and a device's location history (its last known position).

const tagRowsBody = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['device_id', 'tag_id'],
        properties: {
          device_id: { type: 'integer', minimum: 1 },
          tag_id: { type: 'array', maxItems: 100, items: { type: 'integer', minimum: 1 } },
        },
      },
    },
  },
} as const;

const creditBody = {
  type: 'object',
  required: ['credit_type_id', 'data'],
  properties: {
    credit_type_id: { type: 'integer', minimum: 1 },
    data: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['device_id'],
        properties: {
          device_id: { type: 'integer', minimum: 1 },
          credit_enabled: { enum: [0, 1] },
          auto_extend_credit: { enum: [0, 1] },
        },
      },
    },
  },
} as const;

const commandBody = {
  type: 'object',
  required: ['command'],
  properties: { command: { type: 'string', minLength: 1, maxLength: 1000 } },
} as const;

type Rows<T> = { data: ({ device_id: number } & T)[] };

/** The device action log (records of kind device_action_log) as the OpenAPI's device logs. */
function deviceLogSpec(app: FastifyInstance, actor: Actor, deviceId?: number): ListSpec {
  const { db } = app.ctx;
  const device = jsonInteger(db, 'r.details', 'device_id');
  return {
    from: () => {
      let qb = db
        .selectFrom('records as r')
        .innerJoin('devices as d', (join) => join.on(sql`d.id`, '=', device))
        .where('r.kind', '=', 'device_action_log');
      if (deviceId !== undefined) qb = qb.where(device, '=', deviceId);
      return scoped(qb, actor, 'r.company_id');
    },
    idColumn: 'r.id',
    fields: {
      id: 'r.id',
      company_id: 'r.company_id',
      serial: 'd.serial',
      type: jsonText(db, 'r.details', 'action'),
      status: sql`case when r.status in ('failed', 'timed_out') then 0 else 1 end`,
      log: sql`coalesce(${jsonText(db, 'r.details', 'source')}, r.name)`,
      created_at: 'r.created_at',
    },
    search: ['serial', 'type'],
    defaultSort: '-id',
    map: (row) => ('status' in row ? { ...row, status: Number(row.status) === 1 } : row),
  };
}

export default async function devicesOpenApi(app: FastifyInstance) {
  const { ctx } = app;

  /** 404 unless the device is one of the caller's companies. */
  async function assertDevice(actor: Actor, id: number) {
    const device = await ctx.db.selectFrom('devices').select('company_id').where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, device?.company_id, 'Device');
  }

  async function assertTagsInScope(actor: Actor, tagIds: number[]) {
    if (!tagIds.length) return;
    const tags = await ctx.db.selectFrom('tags').select('company_id').where('id', 'in', tagIds).execute();
    if (tags.length !== tagIds.length || tags.some((t) => actor.companyIds && !actor.companyIds.includes(t.company_id)))
      throw invalid(['tag_id', 'The selected tag is invalid.']);
  }

  for (const action of ['assign', 'unassign', 'overwrite'] as const) {
    app.put(
      `/devices/tags/${action}`,
      { ...guard(app, { permission: 'update_devices' }), schema: { body: tagRowsBody } },
      async (request) => {
        const actor = actorOf(request);
        const { data } = request.body as Rows<{ tag_id: number[] }>;
        const ids = bulkDeviceIds(request.body);
        await assertDevicesInScope(ctx, actor, ids);
        const rows: Record<string, number[]> = {};
        // One row per device (bulkDeviceIds refuses a device twice), each tag once in it.
        for (const row of data) rows[row.device_id] = distinct(row.tag_id, 'tag_id');
        await assertTagsInScope(actor, [...new Set(Object.values(rows).flat())]);
        const channel = await startBulk(ctx, actor, ids, {
          kind: 'tag-rows',
          action,
          rows,
          caller: tagActionCaller(request),
        });
        return { success: true, meta: { channel } };
      },
    );
  }

  app.put(
    '/devices/credit',
    { ...guard(app, { permission: 'update_device_credit_status' }), schema: { body: creditBody } },
    async (request) => {
      const actor = actorOf(request);
      const { credit_type_id, data } = request.body as { credit_type_id: number } & Rows<{ credit_enabled?: number }>;
      const type = await ctx.db
        .selectFrom('credit_types')
        .select('id')
        .where('id', '=', credit_type_id)
        .executeTakeFirst();
      if (!type) throw invalid(['credit_type_id', 'The selected credit type is invalid.']);
      const ids = bulkDeviceIds(request.body);
      await assertDevicesInScope(ctx, actor, ids);
      const rows = Object.fromEntries(data.map((row) => [row.device_id, row.credit_enabled ?? 1]));
      const channel = await startBulk(ctx, actor, ids, {
        kind: 'credit',
        rows,
        userId: actor.user.id,
        creditTypeId: credit_type_id,
      });
      return { success: true, meta: { channel } };
    },
  );

  app.post(
    '/devices/:id/command',
    { ...guard(app, { permission: 'update_devices' }), schema: { body: commandBody } },
    async (request) => {
      const actor = actorOf(request);
      const id = routeId(request.params);
      await assertDevice(actor, id);
      const { command } = request.body as { command: string };
      const job = { task: 'command', source: command, command } as const;
      const channel = await startBulk(ctx, actor, [id], { kind: 'device-job', job });
      return { success: true, meta: { channel } };
    },
  );

  const logs = { preHandler: requirePermission('view_device_logs') };
  app.get('/devices/logs', logs, async (request) => {
    const { data, total } = await runList(deviceLogSpec(app, actorOf(request)), request.query as never);
    return list(data, total);
  });
  app.get('/devices/:id/logs', logs, async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    await assertDevice(actor, id);
    const { data, total } = await runList(deviceLogSpec(app, actor, id), request.query as never);
    return list(data, total);
  });

  app.get('/devices/:id/locations/history', { preHandler: requirePermission('view_devices') }, async (request) => {
    const actor = actorOf(request);
    const device = await ctx.db
      .selectFrom('devices')
      .select(['company_id', 'latitude', 'longitude', 'updated_at'])
      .where('id', '=', routeId(request.params))
      .executeTakeFirst();
    if (!device) throw notFound('Device not found.');
    assertTenancy(actor, device.company_id, 'Device');
    const { start_date, end_date } = request.query as { start_date?: string; end_date?: string };
    const at = device.updated_at;
    // The fleet keeps the last known position only: one point, when it falls in the range asked for.
    const inRange = (!start_date || at >= start_date) && (!end_date || at.slice(0, 10) <= end_date.slice(0, 10));
    const points =
      device.latitude !== null && device.longitude !== null && inRange
        ? [{ latitude: device.latitude, longitude: device.longitude, altitude: 0, created_at: at }]
        : [];
    return list(points, points.length);
  });
}
