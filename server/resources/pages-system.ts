import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, assertTenancy, requirePermission, requireSession } from '../auth/guards';
import { list, notFound } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { CHANGELOG } from '../../fixtures/pages-changelog';
import { deviceListSpec } from './devices-list';
import { memoryList } from './pages-memory-list';
import { gapRoute } from './pages-routes';
import { scoped } from './scoped';

// System and history lists the console pages read: changelog, statistics,
// alerts, mail and impersonation logs, remote-access history, VPN hub routes
// and data usage.

const DAY = 86400_000;
type Query = Record<string, unknown>;
const queryOf = (request: FastifyRequest) => request.query as Query;

async function listOf(spec: ListSpec, query: Query) {
  const { data, total } = await runList(spec, query);
  return list(data, total);
}

/** The caller's devices as a subquery source for the statistics. */
function devicesOf(app: FastifyInstance, request: FastifyRequest) {
  return deviceListSpec(app.ctx, actorOf(request)).from();
}

function months(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

export default async function pagesSystem(app: FastifyInstance) {
  const db = app.ctx.db;
  const stats = { preHandler: requirePermission('view_statistics') };

  gapRoute(app, 'get', '/changelog', { preHandler: requireSession }, async (request) =>
    memoryList(
      CHANGELOG.map((e) => ({ ...e })),
      queryOf(request),
      {
        search: ['version', 'summary'],
        sortable: ['version', 'released_at'],
        defaultSort: '-released_at',
      },
    ),
  );

  gapRoute(app, 'get', '/statistics/general', stats, async (request) => {
    const byStatus = await devicesOf(app, request)
      .select(['d.status as status', sql<number>`count(*)`.as('count')])
      .groupBy('d.status')
      .execute();
    const byFamily = await devicesOf(app, request)
      .select(['d.family as family', sql<number>`count(*)`.as('count')])
      .groupBy('d.family')
      .orderBy('d.family')
      .execute();
    const names = ['Offline', 'Online', 'Pending', 'Not Activated'];
    const rows = [
      ...byStatus.map((r) => ({ label: names[Number(r.status)] ?? names[3], count: Number(r.count) })),
      ...byFamily.map((r) => ({ label: String(r.family), count: Number(r.count) })),
    ];
    return list(rows, rows.length);
  });

  const monthly = async (request: FastifyRequest) => {
    const list12 = months(app.ctx.now(), 12);
    const added = await devicesOf(app, request)
      .select([sql<string>`substr(d.created_at, 1, 7)`.as('month'), sql<number>`count(*)`.as('count')])
      .groupBy(sql`substr(d.created_at, 1, 7)`)
      .execute();
    const active = await devicesOf(app, request)
      .select([
        sql<string>`substr(d.last_connection_at, 1, 7)`.as('month'),
        sql<number>`count(distinct d.serial)`.as('count'),
      ])
      .where('d.last_connection_at', 'is not', null)
      .groupBy(sql`substr(d.last_connection_at, 1, 7)`)
      .execute();
    const count = (rows: Record<string, unknown>[], m: string) => Number(rows.find((r) => r.month === m)?.count ?? 0);
    return list12.map((month) => ({ month, added: count(added, month), active: count(active, month) }));
  };
  gapRoute(app, 'get', '/statistics/months', stats, async (request) => {
    const rows = await monthly(request);
    return list(rows, rows.length);
  });
  gapRoute(app, 'get', '/statistics/unique-devices', stats, async (request) => {
    const rows = (await monthly(request)).map((r) => ({ month: r.month, unique: r.active }));
    return list(rows, rows.length);
  });

  gapRoute(app, 'get', '/statistics/devices/online', stats, async (request) => {
    const today = Date.parse(app.ctx.now().toISOString().slice(0, 10));
    const total = await devicesOf(app, request)
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst();
    const rows = await Promise.all(
      Array.from({ length: 14 }, async (_, i) => {
        const day = new Date(today - (13 - i) * DAY).toISOString();
        const online = await devicesOf(app, request)
          .select(sql<number>`count(*)`.as('n'))
          .where('d.last_connection_at', '>=', day)
          .executeTakeFirst();
        const n = Number(online?.n ?? 0);
        return { date: day.slice(0, 10), online: n, offline: Number(total?.n ?? 0) - n };
      }),
    );
    return list(rows, rows.length);
  });

  gapRoute(
    app,
    'get',
    '/alerts',
    { preHandler: requirePermission('view_device_alert_configurations') },
    async (request) => {
      const base = deviceListSpec(app.ctx, actorOf(request));
      return listOf(
        {
          from: () => base.from().where('d.status', '=', 0).where('d.last_connection_at', 'is not', null),
          idColumn: 'd.id',
          fields: {
            id: 'd.id',
            company_id: 'd.company_id',
            device_id: 'd.id',
            device_name: 'd.name',
            created_at: 'd.last_connection_at',
            alert_type: sql`'Device offline'`,
            alert_subtype: sql`'Connection state'`,
            message: sql`d.name || ' (' || d.serial || ') went offline'`,
          },
          search: ['device_name', 'message'],
          sortable: ['id', 'created_at', 'alert_type', 'device_name'],
          defaultSort: '-created_at',
          filters: { company_id: 'd.company_id', device_id: 'd.id' },
        },
        queryOf(request),
      );
    },
  );

  gapRoute(app, 'get', '/system/mail-logs', { preHandler: requirePermission('view_mail_logs') }, async (request) =>
    listOf(
      {
        from: () => db.selectFrom('mail_logs as m'),
        idColumn: 'm.id',
        fields: {
          id: 'm.id',
          recipient: 'm.recipient',
          subject: 'm.subject',
          template: 'm.template',
          status: sql`'sent'`,
          created_at: 'm.created_at',
        },
        search: ['recipient', 'subject'],
        sortable: ['id', 'recipient', 'subject', 'status', 'created_at'],
        defaultSort: '-created_at',
        filters: { template: 'm.template' },
      },
      queryOf(request),
    ),
  );

  gapRoute(
    app,
    'get',
    '/users/impersonation-logs',
    { preHandler: requirePermission('view_impersonation_logs') },
    async (request) =>
      listOf(
        {
          from: () =>
            scoped(
              db
                .selectFrom('impersonation_logs as l')
                .leftJoin('users as a', 'a.id', 'l.impersonator_id')
                .leftJoin('users as u', 'u.id', 'l.user_id')
                .leftJoin('companies as c', 'c.id', 'l.company_id'),
              actorOf(request),
              'l.company_id',
            ),
          idColumn: 'l.id',
          fields: {
            id: 'l.id',
            company_id: 'l.company_id',
            company_name: 'c.name',
            impersonator_email: 'a.email',
            user_email: 'u.email',
            started_at: 'l.started_at',
            ended_at: 'l.ended_at',
          },
          search: ['impersonator_email', 'user_email'],
          sortable: ['id', 'impersonator_email', 'user_email', 'started_at', 'ended_at'],
          defaultSort: '-started_at',
          filters: { company_id: 'l.company_id' },
        },
        queryOf(request),
      ),
  );

  gapRoute(
    app,
    'get',
    '/devices/connect/logs',
    { preHandler: requirePermission('view_device_remote_access') },
    async (request) =>
      listOf(
        {
          from: () =>
            scoped(
              db
                .selectFrom('remote_access_history as h')
                .leftJoin('users as u', 'u.id', 'h.user_id')
                .leftJoin('companies as c', 'c.id', 'h.company_id'),
              actorOf(request),
              'h.company_id',
            ),
          idColumn: 'h.id',
          fields: {
            id: 'h.id',
            company_id: 'h.company_id',
            company_name: 'c.name',
            username: 'u.email',
            user_id: 'h.user_id',
            type: 'h.protocol',
            start_time: 'h.started_at',
            end_time: 'h.ended_at',
          },
          search: ['username'],
          sortable: ['id', 'username', 'type', 'start_time', 'end_time'],
          defaultSort: '-start_time',
          filters: { type: 'h.protocol', user_id: 'h.user_id', company_id: 'h.company_id' },
        },
        queryOf(request),
      ),
  );

  const vpn = { preHandler: requirePermission('view_vpn_hubs') };
  async function hubOf(request: FastifyRequest, id: unknown) {
    const hub = await db.selectFrom('vpn_hubs').selectAll().where('id', '=', Number(id)).executeTakeFirst();
    if (!hub) throw notFound('VPN hub not found.');
    assertTenancy(actorOf(request), hub.company_id, 'VPN hub');
    return hub;
  }
  gapRoute(app, 'get', '/vpn/hubs/routes', vpn, async (request) => {
    const hub = await hubOf(request, queryOf(request).vpn_hub_id);
    const rows = [
      { id: 1, name: `${hub.name} LAN`, subnet: `10.${hub.id}.0.0/24`, gateway: `10.${hub.id}.0.1`, enabled: 1 },
    ];
    return memoryList(rows, queryOf(request), { sortable: ['name'], search: ['name', 'subnet'] });
  });
  gapRoute(app, 'get', '/vpn/hubs/:id/logs', vpn, async (request) => {
    const hub = await hubOf(request, (request.params as { id: string }).id);
    const today = Date.parse(app.ctx.now().toISOString().slice(0, 10));
    const perDay = Math.round(hub.bytes_used / 14);
    const rows = Array.from({ length: 14 }, (_, i) => ({
      hub_id: hub.id,
      created_at: new Date(today - (13 - i) * DAY).toISOString().slice(0, 10),
      session_bytes_received: Math.round(perDay * (0.6 + 0.3 * Math.abs(Math.sin(hub.id + i)))),
      session_bytes_send: Math.round(perDay * (0.2 + 0.1 * Math.abs(Math.cos(hub.id + i)))),
    }));
    return list(rows, rows.length);
  });
  gapRoute(app, 'get', '/vpn/hubs/:id/logs/user-connections', vpn, async (request) => {
    const hub = await hubOf(request, (request.params as { id: string }).id);
    const users = await db
      .selectFrom('records')
      .select(['id', 'name', 'created_at'])
      .where('kind', '=', 'vpn_hub_user')
      .where(sql<boolean>`json_extract(details, '$.hub') = ${hub.name}`)
      .execute();
    const rows = users.flatMap((u, i) => [
      {
        id: u.id * 10 + 1,
        user_name: u.name,
        event: 'connected',
        ip: `10.${hub.id}.0.${10 + i}`,
        created_at: u.created_at,
      },
    ]);
    return memoryList(rows, queryOf(request), { sortable: ['created_at'], defaultSort: '-created_at' });
  });
}
