import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { jsonInteger } from '../db/dialect';
import { apiTimestamp } from '../openapi/conform';
import { bound, DATE, dateRange, iso } from '../http/date-range';
import { list, ok } from '../http/envelope';
import { HISTORY_PARAMETERS, type Snapshot } from '../services/device-history';
import { deviceInScope } from '../services/device-scope';
import { routeId } from '../services/ids';
import { memoryList } from './pages-memory-list';
import { scoped } from './scoped';

// The device graphs and the information history of the RMS API, read from
// the devices' parameter snapshots (server/services/device-history.ts): a
// device's dynamic, I/O or GPS data over a period, the highest and lowest
// value of a parameter among the devices of a tag or a company, a
// parameter's values on a day up to a moment, and the times a device
// reported at, by day.

const RANGE = {
  type: 'object',
  required: ['start_date', 'end_date'],
  properties: {
    start_date: { type: 'string', pattern: DATE.source },
    end_date: { type: 'string', pattern: DATE.source },
  },
} as const;

/** Parameters with a number value, the ones a group's highest and lowest make sense for. */
const NUMERIC = [
  'signal',
  'temperature',
  'router_uptime',
  'connection_uptime',
  'sent',
  'received',
  'rx_day',
  'tx_day',
] as const;
const GROUP_QUERY = {
  ...RANGE,
  required: [...RANGE.required, 'parameter'],
  properties: { ...RANGE.properties, parameter: { enum: NUMERIC } },
};

/** Points per graph at most (a device keeps fewer snapshots than this). */
const MAX_POINTS = 1000;

/** The fields of each graph type, taken from a snapshot. */
const GRAPHS: Record<string, (s: Snapshot) => Record<string, unknown>> = {
  dynamic: (s) => ({
    signal: s.signal,
    temperature: s.temperature,
    sim1_sent: s.sent,
    sim1_received: s.received,
    network_state: s.network_state,
    sim_slot: s.sim_slot,
    operator: s.operator,
    connection_type: s.connection_type,
    wan_ip: s.wan_ip,
    mobile_ip: s.mobile_ip,
  }),
  io: (s) => ({ digital_input: s.digital_input, digital_output: s.digital_output }),
  gps: (s) => ({ latitude: s.latitude, longitude: s.longitude }),
};

/** The columns of an information history row: the OpenAPI's parameters, and the I/O and GPS values the pages show. */
const HISTORY_COLUMNS = [
  ...HISTORY_PARAMETERS,
  'latitude',
  'longitude',
  'speed',
  'satellites',
  'digital_input',
  'digital_output',
  'analog_input',
] as const;

/** One recorded snapshot as a row of the information history. */
function historyRow(deviceId: number, row: { id: number; created_at: string; data: string }) {
  const snapshot = JSON.parse(row.data) as Snapshot;
  const values = Object.fromEntries(HISTORY_COLUMNS.map((key) => [key, snapshot[key] ?? null]));
  return { id: row.id, device_id: deviceId, created_at: row.created_at, ...values };
}

const counter = (value: unknown) => (typeof value === 'number' ? value : null);

/** One day of a device's data usage from its last snapshot of the day. */
function dataUsage(date: string, s: Snapshot) {
  const sim = typeof s.sim_slot === 'number' ? s.sim_slot : 1;
  const rx = counter(s.rx_day);
  const tx = counter(s.tx_day);
  const on = (slot: number, value: number | null) => (slot === sim ? value : null);
  return {
    date,
    modems:
      rx === null && tx === null
        ? []
        : [{ modem_id: '1', sims: [{ sim_id: sim, data: { rx: rx ?? 0, tx: tx ?? 0 } }] }],
    sim1_rx: on(1, rx),
    sim1_tx: on(1, tx),
    sim2_rx: on(2, rx),
    sim2_tx: on(2, tx),
  };
}

export default async function deviceGraphs(app: FastifyInstance) {
  const { db } = app.ctx;
  const view = { preHandler: requirePermission('view_devices') };

  const snapshots = (deviceId: number) =>
    db.selectFrom('device_history').select(['created_at', 'data']).where('device_id', '=', deviceId);

  app.get(
    '/devices/:id/information/:type',
    {
      ...view,
      schema: {
        params: { type: 'object', properties: { type: { enum: Object.keys(GRAPHS) } } },
        querystring: RANGE,
      },
    },
    async (request) => {
      const device = await deviceInScope(db, actorOf(request), request.params);
      const [from, to] = dateRange(request.query as { start_date: string; end_date: string });
      const rows = await snapshots(device.id)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .orderBy('created_at')
        .limit(MAX_POINTS)
        .execute();
      const graph = GRAPHS[(request.params as { type: string }).type];
      const data = rows.map((row) => ({
        ...graph(JSON.parse(row.data) as Snapshot),
        created_at: apiTimestamp(row.created_at),
      }));
      return { success: true, data };
    },
  );

  app.get(
    '/devices/:id/information-history/parameter',
    {
      ...view,
      schema: {
        querystring: {
          type: 'object',
          required: ['datetime', 'parameter'],
          properties: {
            datetime: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' },
            parameter: { enum: HISTORY_PARAMETERS },
          },
        },
      },
    },
    async (request) => {
      const device = await deviceInScope(db, actorOf(request), request.params);
      const { datetime, parameter } = request.query as { datetime: string; parameter: string };
      const until = bound(datetime, 'datetime', true);
      const rows = await snapshots(device.id)
        .where('created_at', '>=', iso(bound(datetime.slice(0, 10), 'datetime')))
        .where('created_at', '<', iso(until))
        .orderBy('created_at', 'desc')
        .execute();
      const data = rows.map((row) => {
        const value = (JSON.parse(row.data) as Snapshot)[parameter];
        return {
          created_at: row.created_at,
          ...(value === null || value === undefined ? {} : { [parameter]: String(value) }),
        };
      });
      return list(data, data.length);
    },
  );

  // A device's information history, as recorded (one row per snapshot, newest first). With the OpenAPI's
  // `datetime` (a time /datetimes lists), the snapshot of that second; without it (the console's history pages),
  // all that the device keeps, sorted and paged as a list. A parameter no snapshot holds (a router without GPS)
  // is null, never made up.
  app.get(
    '/devices/:id/information-history',
    {
      ...view,
      schema: {
        querystring: {
          type: 'object',
          properties: { datetime: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' } },
        },
      },
    },
    async (request) => {
      const device = await deviceInScope(db, actorOf(request), request.params);
      const query = request.query as Record<string, unknown> & { datetime?: string };
      let select = db
        .selectFrom('device_history')
        .select(['id', 'created_at', 'data'])
        .where('device_id', '=', device.id);
      if (query.datetime) {
        select = select
          .where('created_at', '>=', iso(bound(query.datetime, 'datetime')))
          .where('created_at', '<', iso(bound(query.datetime, 'datetime', true)));
      }
      const rows = (await select.orderBy('id', 'desc').limit(MAX_POINTS).execute()).map((row) =>
        historyRow(device.id, row),
      );
      const { datetime: _datetime, ...listQuery } = query;
      return memoryList(rows, listQuery, { sortable: ['created_at', ...HISTORY_COLUMNS], defaultSort: '-created_at' });
    },
  );

  // A device's mobile data per day, as it reported it: each day's last day counters (rx_day,
  // tx_day) on the SIM it was using, in the OpenAPI's modems and sims, and flat (sim1_rx, ...) for the
  // console's chart. A day the device did not report is not in the list.
  app.get(
    '/devices/:id/data-usage',
    {
      ...view,
      schema: {
        querystring: {
          type: 'object',
          properties: {
            start_date: { type: 'string', pattern: DATE.source },
            end_date: { type: 'string', pattern: DATE.source },
          },
        },
      },
    },
    async (request) => {
      const device = await deviceInScope(db, actorOf(request), request.params);
      const query = request.query as { start_date?: string; end_date?: string };
      let select = snapshots(device.id);
      if (query.start_date && query.end_date) {
        const [from, to] = dateRange({ start_date: query.start_date, end_date: query.end_date });
        select = select.where('created_at', '>=', from).where('created_at', '<', to);
      }
      const days = new Map<string, Snapshot>();
      for (const row of await select.orderBy('created_at').execute()) {
        const snapshot = JSON.parse(row.data) as Snapshot;
        // Only a snapshot with the day counters counts (a device reports its signal, inputs and counters apart).
        if ('rx_day' in snapshot || 'tx_day' in snapshot) days.set(row.created_at.slice(0, 10), snapshot);
      }
      const data = [...days].map(([date, s]) => dataUsage(date, s));
      return list(data, data.length);
    },
  );

  app.get('/devices/:id/information-history/datetimes', view, async (request) => {
    const device = await deviceInScope(db, actorOf(request), request.params);
    const rows = await snapshots(device.id).orderBy('created_at').execute();
    const days = new Map<string, string[]>();
    for (const { created_at } of rows) {
      const [date, time] = apiTimestamp(created_at).split(' ');
      days.set(date, [...(days.get(date) ?? []), time]);
    }
    return ok([...days].map(([date, times]) => ({ date, times })));
  });

  /** The device with the highest and the lowest value of a parameter among `devices` (a subquery of ids) in the period. */
  async function extremes(actor: Actor, query: Record<string, string>, devices: ReturnType<typeof sql<number>>) {
    const [from, to] = dateRange(query as { start_date: string; end_date: string });
    const value = jsonInteger(db, 'h.data', query.parameter);
    const pick = (direction: 'asc' | 'desc') =>
      scoped(
        db
          .selectFrom('device_history as h')
          .innerJoin('devices as d', 'd.id', 'h.device_id')
          .select(['d.serial', 'h.device_id', 'h.created_at', value.as('value')])
          .where(sql<boolean>`h.device_id in (${devices})`)
          .where('h.created_at', '>=', from)
          .where('h.created_at', '<', to)
          .where(value, 'is not', null),
        actor,
        'd.company_id',
      )
        .orderBy(value, direction)
        .orderBy('h.id')
        .limit(1)
        .executeTakeFirst();
    const shape = (row: Awaited<ReturnType<typeof pick>>) =>
      row && {
        serial: row.serial,
        device_id: row.device_id,
        created_at: row.created_at,
        [query.parameter]: Number(row.value),
      };
    const [max, min] = [shape(await pick('desc')), shape(await pick('asc'))];
    return ok(max && min ? { Maximum: max, Minimum: min } : {});
  }

  app.get('/devices/tags/:id/group/data', { ...view, schema: { querystring: GROUP_QUERY } }, async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    const tag = await db.selectFrom('tags').select('company_id').where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, tag?.company_id, 'Tag');
    const devices = sql<number>`select t.device_id from device_tags t where t.tag_id = ${id}`;
    return extremes(actor, request.query as Record<string, string>, devices);
  });

  app.get('/devices/companies/:id/group/data', { ...view, schema: { querystring: GROUP_QUERY } }, async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    assertTenancy(actor, id, 'Company');
    const devices = sql<number>`select c.id from devices c where c.company_id = ${id}`;
    return extremes(actor, request.query as Record<string, string>, devices);
  });
}
