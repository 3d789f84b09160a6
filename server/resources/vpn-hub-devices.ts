import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BATCH_SIZE } from '../../engine/constants';
import { actorOf, requirePermission } from '../auth/guards';
import { invalid } from '../http/envelope';
import { reportDone } from '../services/action-report';
import { ID_SCHEMA, routeId } from '../services/ids';
import { hubOf } from './vpn-hubs';

// The devices of a VPN hub (POST and DELETE /vpn/hubs/{id}/devices): each a
// device of the hub's company. Adding a member twice or removing one that is
// not there changes nothing and counts as failed on the channel; the hub's
// information (GET /vpn/hubs/{id}/info) lists its devices.

const DEVICES_BODY = {
  type: 'object',
  required: ['device_id'],
  additionalProperties: false,
  properties: { device_id: { type: 'array', minItems: 1, maxItems: BATCH_SIZE, uniqueItems: true, items: ID_SCHEMA } },
} as const;

export default async function vpnHubDevices(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const options = { preHandler: requirePermission('manage_vpn_hubs'), schema: { body: DEVICES_BODY } };

  /** The hub and the body's devices, 422 on device_id unless every one is a device of the hub's company. */
  async function hubAndDevices(request: FastifyRequest) {
    const hub = await hubOf(db, actorOf(request), routeId(request.params));
    const ids = (request.body as { device_id: number[] }).device_id;
    const found = await db
      .selectFrom('devices')
      .select('id')
      .where('id', 'in', ids)
      .where('company_id', '=', hub.company_id)
      .execute();
    if (found.length !== ids.length) throw invalid(['device_id', 'Some of the selected devices were not found.']);
    return { hub, ids };
  }

  app.post('/vpn/hubs/:id/devices', options, async (request) => {
    const { hub, ids } = await hubAndDevices(request);
    const added = await db
      .insertInto('vpn_hub_devices')
      .values(ids.map((device_id) => ({ hub_id: hub.id, device_id })))
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    const done = Number(added.numInsertedOrUpdatedRows ?? 0);
    const data = { value: 'Device successfully added to VPN hub.' };
    return reportDone(ctx, actorOf(request), { total: ids.length, done, failed: ids.length - done, data });
  });

  app.delete('/vpn/hubs/:id/devices', options, async (request) => {
    const { hub, ids } = await hubAndDevices(request);
    const removed = await db
      .deleteFrom('vpn_hub_devices')
      .where('hub_id', '=', hub.id)
      .where('device_id', 'in', ids)
      .executeTakeFirst();
    const done = Number(removed.numDeletedRows);
    // The OpenAPI's message, word for word.
    const data = { value: 'User successfully removed from VPN hub.' };
    return reportDone(ctx, actorOf(request), { total: ids.length, done, failed: ids.length - done, data });
  });
}
