import { queueTagActions, tagActionCaller, taggingsWithActions, type TagActionCaller } from '../services/tag-actions';
import type { FastifyInstance } from 'fastify';
import { PARAMETER_LIMIT } from '../../engine/constants';
import type { Actor } from '../auth/actor';
import { actorOf, assertTenancy } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { DEVICE_MONITORING } from '../services/device-monitoring';
import type { Database } from '../db/types';
import { done, invalid } from '../http/envelope';
import { assertDevicesInScope, bulkDeviceIds, startBulk } from '../services/bulk';
import { publishDeviceUpdates } from '../services/device-status';
import { DEVICE_PASSWORD, encryptPassword } from '../services/device-passwords';
import { ID_SCHEMA, routeId } from '../services/ids';
import { DEVICE_NAME_MAX } from './devices-write';
import type { Kysely, Updateable } from 'kysely';
import { objectRows } from '../http/data-rows';

// The RMS API's device updates: PUT /devices updates many devices at once
// (name, description, monitoring intervals, a position set by hand, the tag
// list, the password, stored encrypted), every row or none, answering 201;
// PUT /devices/{id} one device with the same fields but the password, any of
// them (the edit-device form's submission, its name, is checked by that form
// too); PUT /devices/monitoring switches monitoring per device on an action
// channel, as the other bulk operations.

/** A monitoring interval in seconds: 0 turns that monitoring off, else at least a minute, at most a day. */
const INTERVAL = { anyOf: [{ const: 0 }, { type: 'integer', minimum: 60, maximum: 86400 }] } as const;
const coordinate = (limit: number) => ({ type: ['number', 'null'], minimum: -limit, maximum: limit }) as const;

/** What an update may change of a device, each optional. */
const CHANGES = {
  name: { type: 'string', minLength: 1, maxLength: DEVICE_NAME_MAX, pattern: '\\S' },
  description: { type: 'string', maxLength: 500 },
  ...Object.fromEntries(DEVICE_MONITORING.map((name) => [name, INTERVAL])),
  user_set_latitude: coordinate(90),
  user_set_longitude: coordinate(180),
  tag_id: { type: 'array', maxItems: PARAMETER_LIMIT, uniqueItems: true, items: ID_SCHEMA },
} as const;

const updateBody = objectRows(['id'], {
  id: ID_SCHEMA,
  ...CHANGES,
  // The device's new password (the OpenAPI's name for it), stored encrypted.
  password_confirmation: DEVICE_PASSWORD,
});

// A blank name is the edit-device form's to refuse, in its words.
const itemBody = {
  type: 'object',
  additionalProperties: false,
  properties: { ...CHANGES, name: { type: 'string', minLength: 1, maxLength: DEVICE_NAME_MAX } },
} as const;

const monitoringBody = objectRows(['device_id', 'monitoring_enabled'], {
  device_id: ID_SCHEMA,
  monitoring_enabled: { enum: [0, 1] },
});

type UpdateRow = { id: number; tag_id?: number[] } & Record<string, unknown>;
const COLUMNS = ['name', 'description', ...DEVICE_MONITORING, 'user_set_latitude', 'user_set_longitude'] as const;

/** 422 on the first row whose device is not one of the caller's. */
async function assertRowsInScope(db: Kysely<Database>, actor: Actor, data: UpdateRow[]) {
  const seen = new Set<number>();
  data.forEach((row, i) => {
    if (seen.has(row.id)) throw invalid([`data.${i}.id`, 'The device is listed more than once.']);
    seen.add(row.id);
  });
  let devices = db
    .selectFrom('devices')
    .select('id')
    .where('id', 'in', [...seen]);
  if (actor.companyIds !== null) devices = devices.where('company_id', 'in', actor.companyIds);
  const known = new Set((await devices.execute()).map((d) => d.id));
  const stranger = data.findIndex((row) => !known.has(row.id));
  if (stranger >= 0) throw invalid([`data.${stranger}.id`, 'The selected device is invalid.']);
}

/** 422 on the tags of the first row naming a tag that is not one of the caller's (at `source(row index)`). */
async function assertTagsInScope(db: Kysely<Database>, actor: Actor, data: UpdateRow[], source: (i: number) => string) {
  const tagIds = [...new Set(data.flatMap((row) => row.tag_id ?? []))];
  if (!tagIds.length) return;
  let tags = db.selectFrom('tags').select('id').where('id', 'in', tagIds);
  if (actor.companyIds !== null) tags = tags.where('company_id', 'in', actor.companyIds);
  const tagsKnown = new Set((await tags.execute()).map((t) => t.id));
  const badTag = data.findIndex((row) => row.tag_id?.some((id) => !tagsKnown.has(id)));
  if (badTag >= 0) throw invalid([source(badTag), 'The selected tag is invalid.']);
}

export default async function devicesUpdate(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  /** Writes each row's changes (every row or none) and publishes the devices' updates. */
  async function update(data: UpdateRow[], caller: TagActionCaller) {
    const at = ctx.now().toISOString();
    const given = data.flatMap((row) => (row.tag_id ?? []).map((tag_id) => ({ device_id: row.id, tag_id })));
    const fresh = await taggingsWithActions(db, given);
    await db.transaction().execute(async (trx) => {
      for (const row of data) {
        const changes: Updateable<Database['devices']> = { updated_at: at };
        for (const column of COLUMNS) if (row[column] !== undefined) Object.assign(changes, { [column]: row[column] });
        if (typeof changes.name === 'string') changes.name = changes.name.trim();
        if (typeof row.password_confirmation === 'string') {
          changes.password = encryptPassword(ctx.tokenKey, row.password_confirmation);
        }
        await trx.updateTable('devices').set(changes).where('id', '=', row.id).execute();
        if (!row.tag_id) continue;
        // The tags the device must have: an empty list removes them all.
        await trx.deleteFrom('device_tags').where('device_id', '=', row.id).execute();
        if (row.tag_id.length) {
          await trx
            .insertInto('device_tags')
            .values(row.tag_id.map((tag_id) => ({ device_id: row.id, tag_id })))
            .execute();
        }
      }
    });
    await queueTagActions(ctx, caller, fresh);
    await publishDeviceUpdates(
      ctx,
      data.map((row) => row.id),
    );
  }

  app.put(
    '/devices',
    { ...guard(app, { permission: 'update_devices' }), schema: { body: updateBody } },
    async (request, reply) => {
      const { data } = request.body as { data: UpdateRow[] };
      const actor = actorOf(request);
      await assertRowsInScope(db, actor, data);
      await assertTagsInScope(db, actor, data, (i) => `data.${i}.tag_id`);
      await update(data, tagActionCaller(request));
      return reply.status(201).send({ success: true });
    },
  );

  app.put(
    '/devices/:id',
    {
      ...guard(app, {
        permission: 'update_devices',
        form: 'optional',
        formOmits: Object.keys(CHANGES).filter((name) => name !== 'name'),
      }),
      schema: { body: itemBody },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = routeId(request.params);
      const device = await db.selectFrom('devices').select('company_id').where('id', '=', id).executeTakeFirst();
      assertTenancy(actor, device?.company_id, 'Device');
      const row = { ...(request.body as Record<string, unknown>), id };
      await assertTagsInScope(db, actor, [row], () => 'tag_id');
      await update([row], tagActionCaller(request));
      return done(undefined, 'Device updated successfully');
    },
  );

  app.put(
    '/devices/monitoring',
    { ...guard(app, { permission: 'update_monitoring' }), schema: { body: monitoringBody } },
    async (request) => {
      const actor = actorOf(request);
      const { data } = request.body as { data: { device_id: number; monitoring_enabled: number }[] };
      const ids = bulkDeviceIds(request.body);
      await assertDevicesInScope(ctx, actor, ids);
      const rows = Object.fromEntries(data.map((row) => [row.device_id, row.monitoring_enabled]));
      const channel = await startBulk(ctx, actor, ids, { kind: 'monitoring', rows });
      return { success: true, meta: { channel } };
    },
  );
}
