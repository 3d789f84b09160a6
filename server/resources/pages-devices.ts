import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { invalid, list, notFound, ok } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { deviceCapabilities } from '../../engine/device/capabilities';
import { PORT_SERVICES } from '../../engine/format/services';
import { deviceListSpec } from './devices-list';
import { jsonValuesFrom } from '../db/dialect';
import { memoryList } from './pages-memory-list';
import { gapRoute } from './pages-routes';
import { askDevice, OFFLINE } from '../devices/device-actions';
import { NOT_UNDERSTOOD, readPortCheck } from '../services/port-scan-result';

// Device views the console pages read and the resource plugins do not
// answer: Wi-Fi and hotspot lists, a device's history, data usage, ports,
// services and dashboards, and status charts per tag and company. Values are derived deterministically from the
// device record, so they stay stable between runs.

type Row = Record<string, unknown>;
async function deviceOf(app: FastifyInstance, request: FastifyRequest): Promise<Row> {
  const id = Number((request.params as { id: string }).id);
  if (!Number.isInteger(id)) throw notFound('Device not found.');
  const { data } = await runList(deviceListSpec(app.ctx, actorOf(request)), { id: String(id), limit: '1' });
  if (!data[0]) throw notFound('Device not found.');
  return data[0];
}

/**
 * Devices with a capability (engine/device/capabilities.ts), which depends on
 * model and firmware: the distinct model/firmware pairs are few, so they are
 * judged here and the list is filtered by the pairs that qualify.
 */
async function capableSpec(
  app: FastifyInstance,
  request: FastifyRequest,
  capability: 'has_hotspot' | 'has_wifi',
  extra: ListSpec['fields'],
): Promise<ListSpec> {
  const base = deviceListSpec(app.ctx, actorOf(request));
  const pairs = await app.ctx.db.selectFrom('devices').select(['model', 'firmware']).distinct().execute();
  const capable = pairs
    .filter((p) => deviceCapabilities(p.model, p.firmware)[capability])
    .map((p) => `${p.model}|${p.firmware}`);
  return {
    ...base,
    from: () => base.from().where(sql<string>`d.model || '|' || d.firmware`, 'in', capable.length ? capable : ['-']),
    fields: { ...base.fields, ...extra },
    sortable: [...(base.sortable ?? []), ...Object.keys(extra)],
  };
}

async function statusCounts(app: FastifyInstance, column: 'company_id' | 'tag_id', id: number) {
  let qb = app.ctx.db.selectFrom('devices as d').select(['d.status', sql<number>`count(*)`.as('count')]);
  qb =
    column === 'company_id'
      ? qb.where('d.company_id', '=', id)
      : qb.where(sql<boolean>`exists (select 1 from device_tags dt where dt.device_id = d.id and dt.tag_id = ${id})`);
  const rows = await qb.groupBy('d.status').orderBy('d.status').execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.count) }));
}

export default async function pagesDevices(app: FastifyInstance) {
  const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

  gapRoute(app, 'get', '/hotspots', { preHandler: requirePermission('view_device_hotspots') }, async (request) => {
    const spec = await capableSpec(app, request, 'has_hotspot', {
      // The SSIDs of its hotspots, as the device reported them (device_hotspots).
      ssid_names: jsonValuesFrom(
        app.ctx.db,
        app.ctx.db
          .selectFrom('device_hotspots as h')
          .select('h.ssid as value')
          .where('h.device_id', '=', sql.ref<number>('d.id'))
          .orderBy('h.hotspot_index'),
      ),
      // The open sessions of its hotspots' users (the simulator's data plane, services/hotspot-sessions.ts).
      online_users: sql`(select count(*) from hotspot_users u where u.device_id = d.id and u.started_at is not null)`,
    });
    const { data, total } = await runList({ ...spec, json: [...(spec.json ?? []), 'ssid_names'] }, query(request));
    return list(data, total);
  });

  gapRoute(app, 'get', '/wireless', { preHandler: requirePermission('view_wireless_information') }, async (request) => {
    const spec = await capableSpec(app, request, 'has_wifi', {
      // The device's wireless interfaces as last recorded (device_wireless): clients of the active ones, traffic of all.
      clients_count: sql`(select coalesce(sum(w.clients_count), 0) from device_wireless w where w.device_id = d.id and w.active = 1)`,
      received: sql`(select coalesce(sum(w.received), 0) from device_wireless w where w.device_id = d.id)`,
      sent: sql`(select coalesce(sum(w.sent), 0) from device_wireless w where w.device_id = d.id)`,
    });
    const { data, total } = await runList(spec, query(request));
    return list(data, total);
  });

  gapRoute(
    app,
    'get',
    '/devices/:id/port-scan',
    { preHandler: requirePermission('view_device_remote_access') },
    async (request) => {
      // The ports of known services the device says it listens on (port_check over the control channel).
      const device = await deviceOf(app, request);
      const known = Object.keys(PORT_SERVICES).map(Number);
      const answer =
        device.status === 1
          ? await askDevice(app.ctx, { serial: String(device.serial) }, 'port_check', { ports: known })
          : { message: OFFLINE };
      const open = 'result' in answer ? readPortCheck(answer.result, known) : undefined;
      if (!open) throw invalid(['id', 'message' in answer ? answer.message : NOT_UNDERSTOOD]);
      const rows = open.map((port) => ({
        id: port,
        port,
        protocol: 'tcp',
        state: 'open',
        service: PORT_SERVICES[port],
      }));
      return memoryList(rows, query(request), { sortable: ['port'], defaultSort: 'port' });
    },
  );

  gapRoute(
    app,
    'get',
    '/devices/:id/services',
    { preHandler: requirePermission('update_device_credit_status') },
    async (request) => {
      const d = await deviceOf(app, request);
      const rows = [
        {
          id: 1,
          name: 'Remote management',
          credit_type_name: 'Paid Credit',
          enabled: d.credit_enabled,
          expire_at: null,
        },
        { id: 2, name: 'Monitoring', credit_type_name: 'Free Credit', enabled: d.monitoring_enabled, expire_at: null },
        {
          id: 3,
          name: 'Mobile data',
          credit_type_name: 'Company data',
          enabled: Number(d.remaining_data) > 0,
          expire_at: null,
        },
      ];
      return memoryList(rows, query(request), { sortable: ['name', 'expire_at'] });
    },
  );

  // A dashboard's widgets: value tiles from the device record and chart pages the console draws for the device.
  const value = (id: number, title: string, v: unknown, formatter?: string) => ({
    id,
    type: 'value',
    title,
    value: v ?? null,
    ...(formatter ? { formatter } : {}),
  });
  const chart = (id: number, title: string, page: string) => ({ id, type: 'chart', title, page });
  const dashboards = (d: Row) =>
    [
      {
        id: 1,
        name: 'Overview',
        description: 'Status, signal and uptime',
        widgets: [
          value(1, 'Status', d.status, 'deviceStatus'),
          value(2, 'Signal', d.signal, 'dbm'),
          value(3, 'Router uptime', d.router_uptime, 'duration'),
          chart(4, 'Signal and temperature', 'dynamic.parameters'),
        ],
      },
      {
        id: 2,
        name: 'Mobile',
        description: 'Operator, SIM and data usage',
        widgets: [
          value(1, 'Operator', d.operator),
          value(2, 'Connection type', d.connection_type),
          chart(3, 'Data usage', 'device.data-usage'),
        ],
      },
    ].map((board) => ({
      ...board,
      device_id: d.id,
      widgets_count: board.widgets.length,
      updated_at: d.updated_at,
    }));
  const dashboard = { preHandler: requirePermission('view_device_dashboard') };
  gapRoute(app, 'get', '/devices/:id/dashboards', dashboard, async (request) =>
    memoryList(dashboards(await deviceOf(app, request)), query(request), {
      sortable: ['name', 'updated_at'],
      search: ['name'],
    }),
  );
  gapRoute(app, 'get', '/devices/:id/dashboards/:dashboard_id', dashboard, async (request) => {
    const wanted = Number((request.params as { dashboard_id: string }).dashboard_id);
    const found = dashboards(await deviceOf(app, request)).find((d) => d.id === wanted);
    if (!found) throw notFound('Dashboard not found.');
    return ok(found);
  });

  gapRoute(app, 'get', '/devices/tags/:id/data', { preHandler: requirePermission('view_tags') }, async (request) => {
    const id = Number((request.params as { id: string }).id);
    const tag = Number.isInteger(id)
      ? await app.ctx.db.selectFrom('tags').select(['id', 'company_id']).where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!tag) throw notFound('Tag not found.');
    assertTenancy(actorOf(request), tag.company_id, 'Tag');
    const rows = await statusCounts(app, 'tag_id', tag.id);
    return list(rows, rows.length);
  });

  gapRoute(
    app,
    'get',
    '/devices/companies/:id/data',
    { preHandler: requirePermission('view_companies') },
    async (request) => {
      const id = Number((request.params as { id: string }).id);
      assertTenancy(actorOf(request), Number.isInteger(id) ? id : null, 'Company');
      const rows = await statusCounts(app, 'company_id', id);
      return list(rows, rows.length);
    },
  );
}
