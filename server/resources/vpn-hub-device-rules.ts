import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { invalid } from '../http/envelope';
import { reportDone } from '../services/action-report';
import { idList, routeId } from '../services/ids';
import { hubOf } from './vpn-hubs';

// The devices of a VPN hub as VPN endpoints: their forwarding rules (VPN to
// LAN, VPN to WAN; GET /vpn/hubs/{id}/devices/rules?device_id=1,2 and POST
// /vpn/hubs/{id}/devices/{device_id}/rules) and the configuration sync (POST
// /vpn/hubs/{id}/devices/{device_id}/sync), which reaches the online devices
// only: an offline one counts as failed and keeps its last sync time.

export default async function vpnHubDeviceRules(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const manage = requirePermission('manage_vpn_hubs');

  /** The hub of the route and the devices named (all of them when none are), each a device of the hub (422 otherwise). */
  async function hubDevices(request: FastifyRequest, raw: unknown, all = false) {
    const hub = await hubOf(db, actorOf(request), routeId(request.params));
    const ids = idList(typeof raw === 'string' ? raw.split(',') : raw, 'device_id', 'device');
    if (!ids.length && !all) throw invalid(['device_id', 'The device field is required.']);
    let qb = db
      .selectFrom('vpn_hub_devices as hd')
      .innerJoin('devices as d', 'd.id', 'hd.device_id')
      .select(['hd.device_id', 'hd.lan', 'hd.wan', 'hd.synced_at', 'd.status'])
      .where('hd.hub_id', '=', hub.id)
      .orderBy('hd.device_id');
    if (ids.length) qb = qb.where('hd.device_id', 'in', ids);
    const devices = await qb.execute();
    if (devices.length !== ids.length && ids.length) {
      throw invalid(['device_id', 'Some of the selected devices are not devices of this VPN hub.']);
    }
    return { hub, devices };
  }

  const deviceParam = (request: FastifyRequest) => (request.params as { device_id: string }).device_id;

  app.get('/vpn/hubs/:id/devices/rules', { preHandler: requirePermission('view_vpn_hubs') }, async (request) => {
    const { devices } = await hubDevices(request, (request.query as { device_id?: unknown }).device_id, true);
    const data = devices.map((d) => ({
      device_id: d.device_id,
      lan: d.lan === 1,
      wan: d.wan === 1,
      ...(d.synced_at ? { synced_at: d.synced_at } : {}),
    }));
    return reportDone(ctx, actorOf(request), { total: data.length, done: data.length, failed: 0, data });
  });

  app.post(
    '/vpn/hubs/:id/devices/:device_id/rules',
    {
      preHandler: manage,
      schema: {
        body: {
          type: 'object',
          required: ['network', 'status'],
          additionalProperties: false,
          properties: { network: { type: 'string', enum: ['wan', 'lan'] }, status: { type: 'boolean' } },
        },
      },
    },
    async (request) => {
      const { hub, devices } = await hubDevices(request, deviceParam(request));
      const { network, status } = request.body as { network: 'wan' | 'lan'; status: boolean };
      await db
        .updateTable('vpn_hub_devices')
        .set({ [network]: status ? 1 : 0 })
        .where('hub_id', '=', hub.id)
        .where(
          'device_id',
          'in',
          devices.map((d) => d.device_id),
        )
        .execute();
      const data = { value: `Forwarding successfully ${status ? 'enabled' : 'disabled'}` };
      return reportDone(ctx, actorOf(request), { total: devices.length, done: devices.length, failed: 0, data });
    },
  );

  app.post('/vpn/hubs/:id/devices/:device_id/sync', { preHandler: manage }, async (request) => {
    const { hub, devices } = await hubDevices(request, deviceParam(request));
    const online = devices.filter((d) => d.status === 1).map((d) => d.device_id);
    if (online.length) {
      await db
        .updateTable('vpn_hub_devices')
        .set({ synced_at: ctx.now().toISOString() })
        .where('hub_id', '=', hub.id)
        .where('device_id', 'in', online)
        .execute();
    }
    const data = devices.map((d) => ({ device_id: d.device_id, status: d.status === 1 ? 'synced' : 'offline' }));
    const result = { total: devices.length, done: online.length, failed: devices.length - online.length, data };
    return reportDone(ctx, actorOf(request), result);
  });
}
