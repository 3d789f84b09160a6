import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { actorOf, requirePermission } from '../auth/guards';
import { jsonText } from '../db/dialect';
import { DATE, dateRange } from '../http/date-range';
import { list, notFound } from '../http/envelope';
import { apiTimestamp } from '../openapi/conform';
import { runList } from '../http/list-query';
import { reportDone } from '../services/action-report';
import { routeId } from '../services/ids';
import { freeHosts, openSessions } from '../services/vpn-sessions';
import { hubOf } from './vpn-hubs';
import { hubUserOf } from './vpn-hub-users';
import { usersOfHub, type HubUserDetails } from '../services/vpn-hub-user-records';
import { memoryList } from './pages-memory-list';

// Who is connected to a VPN hub (GET /vpn/hubs/{id}/sessions, on a channel),
// and what the closed sessions left in the logs: a hub's traffic per day
// (GET /vpn/hubs/{id}/logs), its connections (…/logs/user-connections) and
// one user's sessions (GET /vpn/hubs/{id}/users/{hub_user_id}/logs).
// RMS and custom users are connected while the data plane (the simulator,
// services/vpn-sessions.ts) holds a session of theirs; a device client while
// it is enabled and its device online: its public address is the device's WAN
// address, its VPN address the client's static one or the next free host of
// the hub's network (DHCP), and its traffic what its logs hold.

/** A hub's daily traffic: sorted by its columns, not searchable, every day (the vendor API does not page it). */
const HUB_LOG_LIST = {
  sortable: ['created_at', 'session_bytes_received', 'session_bytes_send', 'total_data_used'],
  defaultSort: 'created_at',
  unpaged: true,
};

/** The day range of a hub's logs: both bounds, or neither for every day. */
const LOG_RANGE = {
  type: 'object',
  properties: {
    start_date: { type: 'string', pattern: DATE.source },
    end_date: { type: 'string', pattern: DATE.source },
  },
} as const;

const unixTime = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export default async function vpnHubSessions(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const view = { preHandler: requirePermission('view_vpn_hubs') };

  /** The hub the route names, with its network (404 outside the caller's companies). */
  async function routeHub(request: FastifyRequest) {
    const { id } = await hubOf(db, actorOf(request), routeId(request.params));
    return db
      .selectFrom('vpn_hubs')
      .select(['id', 'company_id', 'name', 'ip', 'netmask', 'enabled'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** The hub's device clients that are connected: enabled, of an enabled hub, their device online. */
  async function deviceSessions(hub: Awaited<ReturnType<typeof routeHub>>, taken: string[]) {
    const users = hub.enabled ? await usersOfHub(db, hub) : [];
    const clients = users.filter((u) => u.status === 'enabled' && u.details.type === 'device' && u.details.object_id);
    if (!clients.length) return [];
    const online = await db
      .selectFrom('devices')
      .select(['id', 'wan_ip', 'last_connection_at'])
      .where(
        'id',
        'in',
        clients.map((c) => c.details.object_id!),
      )
      .where('status', '=', 1)
      .execute();
    const bytes = await db
      .selectFrom('vpn_hub_user_logs')
      .select('hub_user_id')
      .select((eb) => eb.fn.sum<number>(eb('session_bytes_send', '+', eb.ref('session_bytes_received'))).as('bytes'))
      .where(
        'hub_user_id',
        'in',
        clients.map((c) => c.id),
      )
      .groupBy('hub_user_id')
      .execute();
    const lease = freeHosts(hub, [...users.flatMap((u) => (u.details.ip ? [u.details.ip] : [])), ...taken]);
    return clients.flatMap((client) => {
      const device = online.find((d) => d.id === client.details.object_id);
      if (!device) return [];
      const vpn_ip = client.details.ip ?? lease();
      return [
        {
          name: client.name,
          ...(device.wan_ip ? { ip: device.wan_ip } : {}),
          object_id: device.id,
          bytes_used: Number(bytes.find((b) => b.hub_user_id === client.id)?.bytes ?? 0),
          type: 'device',
          ...(device.last_connection_at ? { connected_since: unixTime(device.last_connection_at) } : {}),
          ...(vpn_ip ? { vpn_ip } : {}),
        },
      ];
    });
  }

  app.get('/vpn/hubs/:id/sessions', view, async (request) => {
    const hub = await routeHub(request);
    const open = hub.enabled ? await openSessions(db, hub.id) : [];
    const users = open.map((s) => {
      const details = JSON.parse(s.details) as HubUserDetails;
      return {
        name: s.name,
        ip: s.ip,
        ...(details.object_id ? { object_id: details.object_id } : {}),
        bytes_used: Number(s.bytes_send) + Number(s.bytes_received),
        type: details.type ?? 'custom_user',
        connected_since: unixTime(s.connected_at),
        vpn_ip: s.vpn_ip,
      };
    });
    const devices = await deviceSessions(
      hub,
      open.map((s) => s.vpn_ip),
    );
    const data = { vpn_sessions: [...devices, ...users] };
    return reportDone(ctx, actorOf(request), { total: 1, done: 1, failed: 0, data });
  });

  app.get('/vpn/hubs/:id/logs', { ...view, schema: { querystring: LOG_RANGE } }, async (request) => {
    const hub = await routeHub(request);
    const query = request.query as { start_date?: string; end_date?: string };
    const day = sql<string>`substr(created_at, 1, 10)`;
    let days = db
      .selectFrom('vpn_hub_user_logs')
      .select(day.as('day'))
      .select((eb) => [
        eb.fn.sum<number>('session_bytes_send').as('send'),
        eb.fn.sum<number>('session_bytes_received').as('received'),
      ])
      .where('hub_id', '=', hub.id);
    if (query.start_date !== undefined || query.end_date !== undefined) {
      const [from, to] = dateRange({ start_date: query.start_date ?? '', end_date: query.end_date ?? '' });
      days = days.where('created_at', '>=', from).where('created_at', '<', to);
    }
    const rows = (await days.groupBy(day).execute()).map((d) => ({
      hub_id: hub.id,
      session_bytes_send: Number(d.send),
      session_bytes_received: Number(d.received),
      total_data_used: Number(d.send) + Number(d.received),
      created_at: `${d.day}T00:00:00.000Z`,
    }));
    return memoryList(rows, request.query as Record<string, unknown>, HUB_LOG_LIST);
  });

  app.get('/vpn/hubs/:id/logs/user-connections', view, async (request) => {
    const hub = await routeHub(request);
    const { data, total } = await runList(
      {
        from: () =>
          db
            .selectFrom('vpn_hub_user_logs as l')
            .innerJoin('records as u', 'u.id', 'l.hub_user_id')
            .where('l.hub_id', '=', hub.id),
        idColumn: 'l.id',
        fields: {
          vpn_hub_id: 'l.hub_id',
          vpn_user_id: 'l.hub_user_id',
          name: 'u.name',
          visual_name: 'u.name',
          ip: 'l.ip',
          type: jsonText(db, 'u.details', 'type'),
          connected_at: sql`coalesce(l.connected_at, l.created_at)`,
          disconnected_at: 'l.created_at',
        },
        search: ['name', 'ip'],
        sortable: ['connected_at', 'disconnected_at', 'name'],
        defaultSort: '-connected_at',
        // Written like connected_at, which the OpenAPI patterns (it has no disconnected_at).
        map: (row) => ({ ...row, disconnected_at: apiTimestamp(String(row.disconnected_at)) }),
      },
      request.query as Record<string, unknown>,
    );
    return list(data, total);
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
