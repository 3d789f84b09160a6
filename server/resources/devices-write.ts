import type { FastifyInstance } from 'fastify';
import { actorOf, assertCompanyField, assertTenancy } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { done, forbidden, invalid } from '../http/envelope';
import { assertDevicesInScope, bulkDeviceIds, runBulk } from '../services/bulk';
import { idField, routeId } from '../services/ids';

// Device writes: rename, and the bulk operations (delete,
// move to a company, tag assign/unassign) that answer meta.channel.

const bulkBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    device_id: { anyOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' } }] },
    data: { type: 'array', items: { type: 'object' } },
    tag_id: { anyOf: [{ type: 'integer' }, { type: 'array', items: { type: 'integer' } }] },
    company_id: { type: 'integer' },
  },
} as const;

export default async function devicesWrite(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const now = () => ctx.now().toISOString();

  app.put(
    '/devices/:id',
    {
      ...guard(app, { permission: 'update_devices' }),
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: { type: 'string', minLength: 1, maxLength: 100 } },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = routeId(request.params);
      const device = await db.selectFrom('devices').select('company_id').where('id', '=', id).executeTakeFirst();
      assertTenancy(actor, device?.company_id, 'Device');
      await db
        .updateTable('devices')
        .set({ name: (request.body as { name: string }).name.trim(), updated_at: now() })
        .where('id', '=', id)
        .execute();
      ctx.realtime.publish(`company.${device!.company_id}`, 'DeviceUpdated', { data: { id } });
      return done(undefined, 'Device updated successfully');
    },
  );

  app.delete(
    '/devices',
    { ...guard(app, { permission: 'delete_devices' }), schema: { body: bulkBody } },
    async (request) => {
      const actor = actorOf(request);
      const ids = bulkDeviceIds(request.body);
      await assertDevicesInScope(ctx, actor, ids);
      const channel = runBulk(ctx, actor, ids, async (chunk) =>
        Number((await db.deleteFrom('devices').where('id', 'in', chunk).executeTakeFirst()).numDeletedRows),
      );
      return { success: true, meta: { channel } };
    },
  );

  app.post(
    '/devices/move',
    { ...guard(app, { permission: ['create_devices', 'delete_devices'], form: true }), schema: { body: bulkBody } },
    async (request) => {
      const actor = actorOf(request);
      // The synthetic move_devices permission: create and delete devices, company level 2 or less.
      if (actor.company.level > 2) throw forbidden();
      const body = request.body as { company_id?: number };
      const target = assertCompanyField(actor, idField(body.company_id, 'company_id', 'company'));
      const ids = bulkDeviceIds(request.body);
      await assertDevicesInScope(ctx, actor, ids);
      const channel = runBulk(ctx, actor, ids, async (chunk) =>
        Number(
          (
            await db
              .updateTable('devices')
              .set({ company_id: target, updated_at: now() })
              .where('id', 'in', chunk)
              .executeTakeFirst()
          ).numUpdatedRows,
        ),
      );
      return { success: true, meta: { channel } };
    },
  );

  for (const action of ['assign', 'unassign'] as const) {
    app.post(
      `/devices/tags/${action}`,
      { ...guard(app, { permission: 'update_devices' }), schema: { body: bulkBody } },
      async (request) => {
        const actor = actorOf(request);
        const body = request.body as { tag_id?: number | number[]; data?: { tag_id?: unknown }[] };
        const tagIds = [
          ...new Set(
            (Array.isArray(body.tag_id)
              ? body.tag_id
              : body.tag_id !== undefined
                ? [body.tag_id]
                : (body.data ?? []).map((r) => Number(r?.tag_id))
            ).filter(Number.isInteger),
          ),
        ];
        if (!tagIds.length) throw invalid(['tag_id', 'Select at least one tag.']);
        const tags = await db.selectFrom('tags').select(['id', 'company_id']).where('id', 'in', tagIds).execute();
        if (
          tags.length !== tagIds.length ||
          tags.some((t) => !(actor.companyIds === null || actor.companyIds.includes(t.company_id)))
        ) {
          throw invalid(['tag_id', 'The selected tag is invalid.']);
        }
        const ids = bulkDeviceIds(request.body);
        await assertDevicesInScope(ctx, actor, ids);
        const channel = runBulk(ctx, actor, ids, async (chunk) => {
          if (action === 'unassign') {
            const result = await db
              .deleteFrom('device_tags')
              .where('device_id', 'in', chunk)
              .where('tag_id', 'in', tagIds)
              .executeTakeFirst();
            return Math.min(chunk.length, Number(result.numDeletedRows));
          }
          await db
            .insertInto('device_tags')
            .values(chunk.flatMap((device_id) => tagIds.map((tag_id) => ({ device_id, tag_id }))))
            .onConflict((oc) => oc.doNothing())
            .execute();
          return chunk.length;
        });
        return { success: true, meta: { channel } };
      },
    );
  }
}
