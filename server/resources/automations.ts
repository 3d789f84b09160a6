import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Actor } from '../auth/actor';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import type { Database } from '../db/types';
import { invalid, list, ok } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { routeId } from '../services/ids';
import { DEVICE_STATUS_CODES, deviceListSpec } from './devices-list';
import { memoryList } from './pages-memory-list';
import { scoped } from './scoped';
import { recordOf } from './record-of';
import { conditionsOf, evaluate } from './automation-conditions';

// The reads of automations beyond their list (records.ts): the devices an
// automation watches (automation_devices, written by automation-devices.ts),
// its evaluation log (one evaluation per watched device: the automation's
// conditions, automation-conditions.ts, judged by what the device last
// reported), one evaluation by its id, and the automations of a device.

type Query = Record<string, unknown>;
const VIEW = 'view_device_alert_configurations';

/** An automation of the caller's companies, or 404. */
export async function automationOf(db: Kysely<Database>, actor: Actor, id: number) {
  return recordOf(db, actor, 'automation', id, 'Automation');
}

/** A device's status by its stored code, as the OpenAPI names it (pending has no name there: its own). */
const STATUS_NAMES: Record<number, string> = {
  ...Object.fromEntries(Object.entries(DEVICE_STATUS_CODES).map(([name, code]) => [code, name])),
  2: 'pending',
};

/** A device's parameters as conditions name them, from what it last reported (null: never reported). */
function deviceParameters(d: {
  status: number;
  signal: number | null;
  temperature: number | null;
  operator: string | null;
  connection_type: string | null;
  wan_ip: string | null;
  router_uptime: number | null;
}): Record<string, unknown> {
  const status = Number(d.status);
  return {
    status: STATUS_NAMES[status] ?? null,
    wan_state: status === 1 ? 'up' : 'down',
    signal: d.signal,
    // Stored in tenths of a degree, as devices report it; conditions are in degrees.
    temperature: d.temperature === null ? null : d.temperature / 10,
    operator: d.operator,
    connection_type: d.connection_type,
    wan_ip: d.wan_ip,
    router_uptime: d.router_uptime,
  };
}

export default async function automations(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const view = { preHandler: requirePermission(VIEW) };
  const automation = (request: FastifyRequest) => automationOf(db, actorOf(request), routeId(request.params));

  /** The devices an automation watches, with the device list's fields and the watch's own. */
  const devicesSpec = (request: FastifyRequest, automationId: number): ListSpec => {
    const base = deviceListSpec(ctx, actorOf(request));
    return {
      ...base,
      textIndex: undefined,
      from: (purpose) =>
        base
          .from(purpose)
          .innerJoin('automation_devices as ad', 'ad.device_id', 'd.id')
          .where('ad.automation_id', '=', automationId),
      fields: {
        ...base.fields,
        device_id: 'd.id',
        device_name: 'd.name',
        automation_id: 'ad.automation_id',
        enabled: 'ad.enabled',
      },
      filters: { ...base.filters, enabled: 'ad.enabled' },
      map: (row) => {
        const shaped = base.map ? base.map(row) : row;
        return 'enabled' in row ? { ...shaped, enabled: row.enabled === 1 } : shaped;
      },
    };
  };

  app.get('/automations/:id/devices', view, async (request) => {
    const { id } = await automation(request);
    const { data, total } = await runList(devicesSpec(request, id), request.query as Query);
    return list(data, total);
  });

  /** One evaluation per watched device, newest first. */
  async function evaluations(request: FastifyRequest) {
    const found = await automation(request);
    const devices = await scoped(
      db
        .selectFrom('automation_devices as ad')
        .innerJoin('devices as d', 'd.id', 'ad.device_id')
        .innerJoin('companies as c', 'c.id', 'd.company_id')
        .select(['d.id', 'd.name', 'd.serial', 'd.mac', 'd.status', 'd.last_connection_at', 'c.id as company_id'])
        .select(['d.signal', 'd.temperature', 'd.operator', 'd.connection_type', 'd.wan_ip', 'd.router_uptime'])
        .select('c.name as company_name')
        .where('ad.automation_id', '=', found.id)
        .where('ad.enabled', '=', 1)
        .orderBy('d.id'),
      actorOf(request),
      'd.company_id',
    ).execute();
    const conditions = conditionsOf(JSON.parse(found.details) as Record<string, unknown>);
    return devices.map((d, i) => {
      const evaluation = evaluate(conditions, deviceParameters(d));
      const { triggered } = evaluation;
      return {
        id: i + 1,
        evaluation_id: `${found.id}-${d.id}`,
        company_id: d.company_id,
        company_name: d.company_name,
        device_id: d.id,
        device_name: d.name,
        serial: d.serial,
        mac: d.mac,
        created_at: d.last_connection_at ?? found.created_at,
        overall_status: triggered ? 'triggered' : 'passed',
        evaluated_conditions: evaluation.conditions,
        evaluated_parameters: evaluation.parameters,
        conditions,
      };
    });
  }

  app.get('/automations/:id/logs', view, async (request) => {
    const rows = (await evaluations(request)).map(({ conditions, ...row }) => ({
      ...row,
      conditions_body: conditions,
    }));
    return memoryList(rows, request.query as Query, {
      sortable: ['created_at', 'device_name'],
      defaultSort: '-created_at',
    });
  });

  app.get('/automations/:id/logs/:evaluation_id', view, async (request) => {
    const { evaluation_id: evaluationId } = request.params as { evaluation_id: string };
    const row = (await evaluations(request)).find((e) => e.evaluation_id === evaluationId);
    if (!row) throw invalid(['evaluation_id', 'The evaluation was not found.']);
    const { id: _, ...evaluation } = row;
    const triggered = evaluation.overall_status === 'triggered';
    return ok({
      ...evaluation,
      action_status: triggered ? 1 : 0,
      action_status_message: triggered ? 'Conditions met.' : 'Conditions not met.',
    });
  });

  /** The automations of a device: the automation with its device counts and whether it runs for the device. */
  const deviceAutomations = (actor: Actor, deviceId: number): ListSpec => ({
    from: () =>
      scoped(
        db
          .selectFrom('automation_devices as ad')
          .innerJoin('records as r', 'r.id', 'ad.automation_id')
          .where('ad.device_id', '=', deviceId),
        actor,
        'r.company_id',
      ),
    idColumn: 'r.id',
    fields: {
      id: 'r.id',
      name: 'r.name',
      company_id: 'r.company_id',
      enabled: sql`case when r.status = 'enabled' then 1 else 0 end`,
      device_enabled: 'ad.enabled',
      devices_count: sql`(select count(*) from automation_devices x where x.automation_id = r.id)`,
      active_devices_count: sql`(select count(*) from automation_devices x where x.automation_id = r.id and x.enabled = 1)`,
      created_at: 'r.created_at',
      details: 'r.details',
    },
    search: ['name'],
    sortable: ['id', 'name', 'created_at', 'devices_count'],
    defaultSort: '-id',
    map: ({ details, ...row }) => ({
      ...row,
      enabled: row.enabled === 1,
      device_enabled: row.device_enabled === 1,
      devices_count: Number(row.devices_count),
      active_devices_count: Number(row.active_devices_count),
      conditions_body: conditionsOf(JSON.parse(String(details)) as Record<string, unknown>),
    }),
  });

  app.get('/devices/:id/automations', view, async (request) => {
    const actor = actorOf(request);
    const deviceId = routeId(request.params);
    const device = await db.selectFrom('devices').select('company_id').where('id', '=', deviceId).executeTakeFirst();
    assertTenancy(actor, device?.company_id, 'Device');
    const { data, total } = await runList(deviceAutomations(actor, deviceId), request.query as Query);
    return list(data, total);
  });
}
