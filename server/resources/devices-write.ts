import { tagActionCaller } from '../services/tag-actions';
import type { FastifyInstance } from 'fastify';
import { BATCH_SIZE, PARAMETER_LIMIT } from '../../engine/constants';
import { actorOf, assertCompanyField } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { invalid } from '../http/envelope';
import { assertDevicesInScope, bulkDeviceIds, startBulk } from '../services/bulk';
import { ID_SCHEMA, idField, idList } from '../services/ids';

// Device writes: the bulk operations (delete, move to a company, tag
// assign/unassign) that answer meta.channel; updates are devices-update.ts.

// Bounded: a batch (BATCH_SIZE) of devices, a parameter list (PARAMETER_LIMIT) of tags.
const bulkBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    device_id: { anyOf: [ID_SCHEMA, { type: 'array', maxItems: BATCH_SIZE, items: ID_SCHEMA }] },
    data: { type: 'array', maxItems: BATCH_SIZE, items: { type: 'object' } },
    tag_id: { anyOf: [ID_SCHEMA, { type: 'array', maxItems: PARAMETER_LIMIT, items: ID_SCHEMA }] },
    company_id: ID_SCHEMA,
  },
} as const;

/** A device name's longest: the edit-device form's, so add (devices-add.ts) never stores a name edit cannot save. */
export const DEVICE_NAME_MAX = 100;

export default async function devicesWrite(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  app.delete(
    '/devices',
    { ...guard(app, { permission: 'delete_devices' }), schema: { body: bulkBody } },
    async (request) => {
      const actor = actorOf(request);
      const ids = bulkDeviceIds(request.body);
      await assertDevicesInScope(ctx, actor, ids);
      const channel = await startBulk(ctx, actor, ids, { kind: 'delete' });
      return { success: true, meta: { channel } };
    },
  );

  // The RMS API writes the path with a trailing slash (POST /devices/move/); the console calls it without.
  for (const path of ['/devices/move', '/devices/move/']) {
    app.post(
      path,
      // The synthetic move_devices permission: create and delete devices, company level 2 or less.
      { ...guard(app, { permission: 'move_devices', form: true }), schema: { body: bulkBody } },
      async (request) => {
        const actor = actorOf(request);
        const body = request.body as { company_id?: number };
        const target = await assertCompanyField(db, actor, idField(body.company_id, 'company_id', 'company'));
        const ids = bulkDeviceIds(request.body);
        await assertDevicesInScope(ctx, actor, ids);
        const channel = await startBulk(ctx, actor, ids, { kind: 'move', companyId: target });
        return { success: true, meta: { channel } };
      },
    );
  }

  for (const action of ['assign', 'unassign'] as const) {
    app.post(
      `/devices/tags/${action}`,
      { ...guard(app, { permission: 'update_devices' }), schema: { body: bulkBody } },
      async (request) => {
        const actor = actorOf(request);
        const body = request.body as { tag_id?: number | number[]; data?: { tag_id?: unknown }[] };
        // The tag list names each tag once; rows (one tag per device) may share a tag.
        const tagIds =
          body.tag_id !== undefined
            ? idList(body.tag_id, 'tag_id', 'tag')
            : [...new Set((body.data ?? []).map((r) => Number(r?.tag_id)).filter(Number.isInteger))];
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
        const channel = await startBulk(ctx, actor, ids, {
          kind: 'tags',
          action,
          tagIds,
          caller: tagActionCaller(request),
        });
        return { success: true, meta: { channel } };
      },
    );
  }
}
