import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { done, list, notFound, ok } from '../http/envelope';
import { runList, type FieldExpr, type ListSpec } from '../http/list-query';
import type { Actor } from '../auth/actor';
import { MONITORING_DEFAULTS } from '../../engine/device/monitoring';
import { gapRoute } from './pages-routes';
import { scoped } from './scoped';

// Lists over the simple company records (table `records`, seeded from
// fixtures/data.json) under the RMS OpenAPI paths the console pages read:
// reports, generated reports, automations, alert configurations, task
// groups, monitoring templates, e-mail configurations, approved devices,
// device action logs, configurator templates, VPN hub users.

interface RecordList {
  kind: string;
  path: string;
  permission: string;
  /** API field -> key inside `details` (JSON) or an SQL expression. */
  details?: Record<string, string | FieldExpr>;
  /** Filters on details keys or columns. */
  filters?: Record<string, string>;
  /** Permission for DELETE path/:id; no delete route when absent. */
  deletePermission?: string;
  sortable?: string[];
}

const detail = (key: string): FieldExpr => sql`json_extract(r.details, ${'$.' + key})`;

function recordSpec(app: FastifyInstance, actor: Actor, def: RecordList): ListSpec {
  const fields: Record<string, FieldExpr> = {
    id: 'r.id',
    company_id: 'r.company_id',
    company_name: 'c.name',
    name: 'r.name',
    status: 'r.status',
    created_at: 'r.created_at',
    updated_at: 'r.created_at',
  };
  for (const [field, key] of Object.entries(def.details ?? {}))
    fields[field] = typeof key === 'string' ? detail(key) : key;
  const filters: Record<string, FieldExpr> = { company_id: 'r.company_id' };
  for (const [param, key] of Object.entries(def.filters ?? {})) filters[param] = fields[key] ?? detail(key);
  return {
    from: () =>
      scoped(
        app.ctx.db
          .selectFrom('records as r')
          .innerJoin('companies as c', 'c.id', 'r.company_id')
          .where('r.kind', '=', def.kind),
        actor,
        'r.company_id',
      ),
    idColumn: 'r.id',
    fields,
    search: ['name'],
    sortable: ['id', 'name', 'company_name', 'created_at', 'updated_at', 'status', ...(def.sortable ?? [])],
    defaultSort: '-id',
    filters,
  };
}

const isStatus = (value: string): FieldExpr => sql`(case when r.status = ${value} then 1 else 0 end)`;

const lists: RecordList[] = [
  {
    kind: 'report',
    path: '/reports',
    permission: 'view_reports',
    details: { type: 'format', period: 'period', is_active: isStatus('active'), generated_at: sql`r.created_at` },
    filters: { period: 'period' },
    deletePermission: 'view_reports',
    sortable: ['generated_at', 'period'],
  },
  {
    kind: 'generated_report',
    path: '/reports/generated',
    permission: 'view_reports',
    details: { type: sql`'pdf'`, report_template_name: 'report', file_size: 'size' },
    sortable: ['report_template_name'],
  },
  {
    kind: 'automation',
    path: '/automations',
    permission: 'view_device_alert_configurations',
    details: {
      enabled: isStatus('enabled'),
      description: 'condition',
      action: 'action',
      devices_count: sql`(select count(*) from devices d where d.company_id = r.company_id and d.status = 1)`,
      total_triggered_count: sql`(r.id * 7) % 23`,
    },
    deletePermission: 'view_device_alert_configurations',
    sortable: ['enabled', 'devices_count', 'total_triggered_count'],
  },
  {
    kind: 'alert_configuration',
    path: '/alerts-configurations',
    permission: 'view_device_alert_configurations',
    details: { type: 'event', subtype: 'action', receiver: sql`c.name`, enable: isStatus('enabled') },
    sortable: ['type'],
  },
  {
    kind: 'task_group',
    path: '/devices/tasks/groups',
    permission: 'view_device_task_groups',
    details: { tasks_count: sql`json_array_length(json_extract(r.details, '$.tasks'))`, devices_count: 'devices' },
    deletePermission: 'view_device_task_groups',
  },
  {
    kind: 'monitoring_template',
    path: '/monitoring-templates',
    permission: 'update_monitoring',
    details: Object.fromEntries(
      Object.entries(MONITORING_DEFAULTS).map(([key, seconds]) => [
        key,
        sql`coalesce(json_extract(r.details, ${'$.' + key}), ${seconds})`,
      ]),
    ),
    deletePermission: 'update_monitoring',
  },
  {
    kind: 'email_configuration',
    path: '/email-configurations',
    permission: 'view_companies',
    details: {
      host: 'host',
      port: 'port',
      username: sql`'mailer'`,
      email: sql`'noreply@' || json_extract(r.details, '$.host')`,
    },
    deletePermission: 'update_companies',
    sortable: ['host'],
  },
  {
    kind: 'auth_device',
    path: '/devices/authorized',
    permission: 'super_admin',
    details: { serial: 'serial' },
    sortable: ['serial'],
  },
  {
    kind: 'device_action_log',
    path: '/devices/actions/logs',
    permission: 'view_devices',
    details: { action_name: 'action', request_target_state: sql`r.status`, finished_at: sql`r.created_at` },
    sortable: ['action_name'],
  },
  {
    kind: 'configurator_template',
    path: '/devices/configurator/templates',
    permission: 'create_multi_configuration',
    details: { version: 'version' },
  },
  {
    kind: 'vpn_hub_user',
    path: '/vpn/hubs/users',
    permission: 'view_vpn_hubs',
    details: {
      vpn_hub_id: sql`(select h.id from vpn_hubs h where h.name = json_extract(r.details, '$.hub'))`,
      type: sql`'user'`,
      enabled: isStatus('enabled'),
    },
    filters: { vpn_hub_id: 'vpn_hub_id' },
  },
];

async function findRecord(app: FastifyInstance, actor: Actor, kind: string, id: number) {
  const row = await app.ctx.db
    .selectFrom('records')
    .selectAll()
    .where('kind', '=', kind)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  assertTenancy(actor, row.company_id);
  return row;
}

export default async function pagesRecords(app: FastifyInstance) {
  for (const def of lists) {
    gapRoute(app, 'get', def.path, { preHandler: requirePermission(def.permission) }, async (request) => {
      const { data, total } = await runList(
        recordSpec(app, actorOf(request), def),
        request.query as Record<string, unknown>,
      );
      return list(data, total);
    });
    gapRoute(app, 'get', `${def.path}/:id`, { preHandler: requirePermission(def.permission) }, async (request) => {
      const id = Number((request.params as { id: string }).id);
      const { data } = await runList(recordSpec(app, actorOf(request), def), { id: String(id), limit: '1' });
      if (!Number.isInteger(id) || !data[0]) throw notFound();
      return ok(data[0]);
    });
    if (def.deletePermission) {
      gapRoute(
        app,
        'delete',
        `${def.path}/:id`,
        { preHandler: requirePermission([def.permission, def.deletePermission]) },
        async (request) => {
          const actor = actorOf(request);
          const row = await findRecord(app, actor, def.kind, Number((request.params as { id: string }).id));
          await app.ctx.db.deleteFrom('records').where('id', '=', row.id).execute();
          return done(undefined, `${row.name} removed successfully`);
        },
      );
    }
  }
}
