import type { FastifyInstance } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { list, notFound } from '../http/envelope';
import { runList } from '../http/list-query';
import { reportDone } from '../services/action-report';
import { routeId } from '../services/ids';
import { ipv4, prefixOf } from '../services/ipv4';
import { hubOf } from './vpn-hubs';
import { hubUserOf, usersOfHub } from './vpn-hub-users';

// Who is connected to a VPN hub (GET /vpn/hubs/{id}/sessions, on a channel)
// and the daily traffic of one of its users (GET /vpn/hubs/{id}/users/{hub_user_id}/logs).
// A session is an enabled device client of an enabled hub whose device is
// online: its public address is the device's WAN address, its VPN address the
// client's static one or the next free host of the hub's network (DHCP).

const dotted = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');

/** VPN addresses for the DHCP clients of a hub: the hosts of its network after its own, skipping static ones. */
function leases(hub: { ip: string; netmask: string }, taken: string[]) {
  const size = 2 ** (32 - prefixOf(hub.netmask)!);
  const base = ipv4(hub.ip)! - (ipv4(hub.ip)! % size);
  const used = new Set([hub.ip, ...taken]);
  let next = ipv4(hub.ip)! + 1;
  return () => {
    while (next < base + size - 1 && used.has(dotted(next))) next++;
    return next < base + size - 1 ? dotted(next++) : undefined;
  };
}

export default async function vpnHubSessions(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const view = { preHandler: requirePermission('view_vpn_hubs') };

  app.get('/vpn/hubs/:id/sessions', view, async (request) => {
    const actor = actorOf(request);
    const { id } = await hubOf(db, actor, routeId(request.params));
    const hub = await db
      .selectFrom('vpn_hubs')
      .select(['id', 'company_id', 'name', 'ip', 'netmask', 'enabled'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const users = hub.enabled ? await usersOfHub(db, hub) : [];
    const clients = users.filter((u) => u.status === 'enabled' && u.details.type === 'device' && u.details.object_id);
    const online = clients.length
      ? await db
          .selectFrom('devices')
          .select(['id', 'wan_ip', 'last_connection_at'])
          .where(
            'id',
            'in',
            clients.map((c) => c.details.object_id!),
          )
          .where('status', '=', 1)
          .execute()
      : [];
    const bytes = clients.length
      ? await db
          .selectFrom('vpn_hub_user_logs')
          .select('hub_user_id')
          .select((eb) =>
            eb.fn.sum<number>(eb('session_bytes_send', '+', eb.ref('session_bytes_received'))).as('bytes'),
          )
          .where(
            'hub_user_id',
            'in',
            clients.map((c) => c.id),
          )
          .groupBy('hub_user_id')
          .execute()
      : [];
    const lease = leases(
      hub,
      users.map((u) => u.details.ip).filter((ip): ip is string => Boolean(ip)),
    );
    const vpn_sessions = clients.flatMap((client) => {
      const device = online.find((d) => d.id === client.details.object_id);
      if (!device) return [];
      const since = device.last_connection_at ? Math.floor(Date.parse(device.last_connection_at) / 1000) : undefined;
      const vpn_ip = client.details.ip ?? lease();
      return [
        {
          name: client.name,
          ...(device.wan_ip ? { ip: device.wan_ip } : {}),
          object_id: device.id,
          bytes_used: Number(bytes.find((b) => b.hub_user_id === client.id)?.bytes ?? 0),
          type: 'device',
          ...(since ? { connected_since: since } : {}),
          ...(vpn_ip ? { vpn_ip } : {}),
        },
      ];
    });
    return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data: { vpn_sessions } });
  });

  app.get('/vpn/hubs/:id/users/:hub_user_id/logs', view, async (request) => {
    const actor = actorOf(request);
    const hub = await hubOf(db, actor, routeId(request.params));
    const user = await hubUserOf(db, actor, routeId({ id: (request.params as { hub_user_id: string }).hub_user_id }));
    if (user.hub.id !== hub.id) throw notFound('VPN hub user not found.');
    const { data, total } = await runList(
      {
        from: () => db.selectFrom('vpn_hub_user_logs as l').where('l.hub_user_id', '=', user.id),
        idColumn: 'l.id',
        fields: {
          hub_id: 'l.hub_id',
          session_bytes_send: 'l.session_bytes_send',
          session_bytes_received: 'l.session_bytes_received',
          created_at: 'l.created_at',
        },
        search: ['created_at'],
        sortable: ['created_at', 'session_bytes_send', 'session_bytes_received'],
        defaultSort: '-created_at',
      },
      request.query as Record<string, unknown>,
    );
    return list(data, total);
  });
}
