import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { jsonArrayFrom } from '../db/dialect';
import { listRoute } from './list-route';
import { scoped } from './scoped';

// The VPN status of devices (GET /devices/device-vpn-status?device_id=): for
// each device that is an endpoint of VPN hubs, one entry per hub: the hub's
// name and address, enabled while the hub is, running
// while the hub is enabled and the device online; updated when the device's
// configuration was last synced (or the hub last changed).

export default async function devicesVpnStatus(app: FastifyInstance) {
  const { db } = app.ctx;
  const hubs = jsonArrayFrom(
    db,
    db
      .selectFrom('vpn_hub_devices as hd')
      .innerJoin('vpn_hubs as h', 'h.id', 'hd.hub_id')
      .select(['h.name', 'h.ip', 'h.enabled', 'hd.synced_at', 'h.updated_at'])
      .where('hd.device_id', '=', sql.ref<number>('d.id'))
      .orderBy('h.id'),
  );
  listRoute(app, '/devices/device-vpn-status', 'view_devices', (actor) => ({
    from: () =>
      scoped(
        db
          .selectFrom('devices as d')
          .where(({ exists, selectFrom }) =>
            exists(selectFrom('vpn_hub_devices as m').select('m.hub_id').whereRef('m.device_id', '=', 'd.id')),
          ),
        actor,
        'd.company_id',
      ),
    idColumn: 'd.id',
    fields: { id: 'd.id', device_id: 'd.id', status: 'd.status', data: hubs },
    search: [],
    defaultSort: 'id',
    filters: { device_id: 'd.id' },
    map: ({ id, device_id, status, data }) => {
      const entries = JSON.parse(String(data ?? '[]')) as {
        name: string;
        ip: string;
        enabled: number;
        synced_at: string | null;
        updated_at: string;
      }[];
      const updated = entries.map((e) => e.synced_at ?? e.updated_at).sort();
      return {
        id,
        device_id,
        data: entries.map((e) => ({
          ip: e.ip,
          name: e.name,
          type: 'openvpn',
          is_enabled: e.enabled === 1,
          is_running: e.enabled === 1 && status === 1,
        })),
        ...(updated.length ? { updated_at: updated[updated.length - 1] } : {}),
      };
    },
  }));
}
