import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Actor } from '../auth/actor';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import type { Database } from '../db/types';
import { invalid, list, ok } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { routeId } from '../services/ids';
import { deviceListSpec } from './devices-list';
import { memoryList } from './pages-memory-list';
import { scoped } from './scoped';
import { recordOf } from './record-of';

// The reads of automations beyond their list (records.ts): the devices an
// automation watches (automation_devices, written by automation-devices.ts),
// its evaluation log (one evaluation per watched device: the device's
// connection state checked, triggered when it is offline), one evaluation by
// its id, and the automations of a device.

type Query = Record<string, unknown>;
const VIEW = 'view_device_alert_configurations';

/** An automation of the caller's companies, or 404. */
export async function automationOf(db: Kysely<Database>, actor: Actor, id: number) {
  return recordOf(db, actor, 'automation', id, 'Automation');
}

/** The vendor's action names for the actions the automation form stores. */
const ACTIONS: Record<string, string> = {
  send_email: 'SendEmail',
  send_notification: 'SendNotification',
  reboot: 'Reboot',
  task_manager: 'TaskManagerAction',
  config_upload: 'ExportBackup',
};
const CONDITION = /^\s*(\w+)\s*(==|!=|>=|<=|>|<)\s*(.+?)\s*$/;

/** The automation's condition ("wan_state == down") and action as the OpenAPI's conditions body. */
function conditionsBody(details: string) {
  const { condition, action } = JSON.parse(details) as { condition?: string; action?: string };
  const match = CONDITION.exec(condition ?? '');
  const expression = match ? [{ parameter: match[1], operator: match[2], value: match[3] }] : [];
  const name = ACTIONS[action ?? ''];
  return [{ type: 'if', tag: 'cond_0', expression, actions: name ? [{ name }] : [] }];
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
        .select('c.name as company_name')
        .where('ad.automation_id', '=', found.id)
        .where('ad.enabled', '=', 1)
        .orderBy('d.id'),
      actorOf(request),
      'd.company_id',
    ).execute();
    const conditions = conditionsBody(found.details);
    return devices.map((d, i) => {
      const triggered = Number(d.status) !== 1;
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
        evaluated_conditions: [{ key: 'cond_0', value: triggered }],
        evaluated_parameters: [{ key: 'status', value: triggered ? 'offline' : 'online' }],
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
      action_status_message: triggered ? 'Actions executed.' : 'Conditions not met.',
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
      conditions_body: conditionsBody(String(details)),
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
