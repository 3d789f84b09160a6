import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, assertTenancy, requirePermission, requireSession } from '../auth/guards';
import { list, notFound } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { jsonText } from '../db/dialect';
import { CHANGELOG } from '../../fixtures/pages-changelog';
import { alertSpec } from './alerts';
import { memoryList } from './pages-memory-list';
import { gapRoute } from './pages-routes';

// Lists the console pages read that no resource plugin answers: changelog,
// alerts (offline devices), VPN hub logs, data usage and connection logs.

const DAY = 86400_000;
/** A hub's daily traffic: sorted by its columns, not searchable, every day (the vendor API does not page it). */
const HUB_LOG_LIST = {
  sortable: ['created_at', 'session_bytes_received', 'session_bytes_send'],
  defaultSort: 'created_at',
  unpaged: true,
};
type Query = Record<string, unknown>;
const queryOf = (request: FastifyRequest) => request.query as Query;

async function listOf(spec: ListSpec, query: Query) {
  const { data, total } = await runList(spec, query);
  return list(data, total);
}

export default async function pagesSystem(app: FastifyInstance) {
  const db = app.ctx.db;

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

  gapRoute(
    app,
    'get',
    '/alerts',
    { preHandler: requirePermission('view_device_alert_configurations') },
    async (request) => listOf(alertSpec(app.ctx, actorOf(request)), queryOf(request)),
  );

  const vpn = { preHandler: requirePermission('view_vpn_hubs') };
  async function hubOf(request: FastifyRequest, id: unknown) {
    const hubId = Number(id);
    const hub = Number.isSafeInteger(hubId)
      ? await db.selectFrom('vpn_hubs').selectAll().where('id', '=', hubId).executeTakeFirst()
      : undefined;
    if (!hub) throw notFound('VPN hub not found.');
    assertTenancy(actorOf(request), hub.company_id, 'VPN hub');
    return hub;
  }
  gapRoute(app, 'get', '/vpn/hubs/:id/logs', vpn, async (request) => {
    const hub = await hubOf(request, (request.params as { id: string }).id);
    const today = Date.parse(app.ctx.now().toISOString().slice(0, 10));
    const perDay = Math.round(hub.bytes_used / 14);
    const rows = Array.from({ length: 14 }, (_, i) => ({
      hub_id: hub.id,
      created_at: new Date(today - (13 - i) * DAY).toISOString(),
      session_bytes_received: Math.round(perDay * (0.6 + 0.3 * Math.abs(Math.sin(hub.id + i)))),
      session_bytes_send: Math.round(perDay * (0.2 + 0.1 * Math.abs(Math.cos(hub.id + i)))),
    }));
    return memoryList(rows, queryOf(request), HUB_LOG_LIST);
  });
  gapRoute(app, 'get', '/vpn/hubs/:id/logs/user-connections', vpn, async (request) => {
    const hub = await hubOf(request, (request.params as { id: string }).id);
    const users = await db
      .selectFrom('records')
      .select(['id', 'name', 'created_at'])
      .where('kind', '=', 'vpn_hub_user')
      .where(jsonText(db, 'details', 'hub'), '=', hub.name)
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
