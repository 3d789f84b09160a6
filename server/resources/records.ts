import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { jsonInteger, jsonText } from '../db/dialect';
import { type FilterFn, type FieldExpr, type ListSpec } from '../http/list-query';
import { invalid } from '../http/envelope';
import type { Actor } from '../auth/actor';
import { itemRoute, listRoute } from './list-route';
import { scoped } from './scoped';
import { conditionsOf, conditionsSummary } from './automation-conditions';
import { MONITORING_DEFAULTS } from '../../engine/device/monitoring';

const pick = (row: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => row[k] !== undefined && row[k] !== null).map((k) => [k, row[k]]));

// Company-scoped records the pages list (task groups, reports, alerts and
// automations, data-collect configs, templates, e-mail configurations, ...):
// one table with a kind, details as JSON spread into each row.

/** Per-kind fields the spec names (data-collect config: config {name, description}, enabled). */
const SHAPES: Record<string, (row: Record<string, unknown>) => Record<string, unknown>> = {
  // The OpenAPI's config type is who made it (user or system); the stored type is the protocol.
  data_collect_config: (row) => ({
    config: {
      id: row.id,
      name: row.name,
      description: row.description ?? null,
      type: row.type,
      version: row.version,
      api_version: row.api_version,
      api_system: row.api_system,
      device_documentation_id: row.device_documentation_id,
      data: row.data ?? [],
    },
    enabled: row.status === 'enabled',
    type: 'user',
    protocol: row.type,
  }),
  // The OpenAPI's template is a string: the list of requests as JSON.
  configurator_template: (row) => ({
    template: typeof row.template === 'string' ? row.template : JSON.stringify(row.template ?? []),
    updated_at: row.updated_at ?? row.created_at,
  }),
  vpn_hub_user: (row) => ({ status: row.status === 'enabled' ? 1 : 0, enabled: row.status === 'enabled' ? 1 : 0 }),
  // The edit form's switches: on or off as stored (the status column says whether it runs), never left to a default.
  // Its conditions in the OpenAPI's shape; the list's Condition and Action columns say the stored ones as text.
  automation: (row) => ({
    enabled: row.status === 'enabled',
    cooldown_enabled: row.cooldown_enabled === true,
    delay_enabled: row.delay_enabled === true,
    conditions_body: conditionsOf(row),
    ...(Array.isArray(row.conditions_body) ? conditionsSummary(conditionsOf(row)) : {}),
  }),
  // Every monitoring period, a period the template never set at its default (what the devices then use).
  monitoring_template: (row) => ({ ...MONITORING_DEFAULTS, ...pick(row, Object.keys(MONITORING_DEFAULTS)) }),
};

/**
 * Per-kind filters over the details JSON: report lists by `period` (the reports tabs, see reportPeriod), hub
 * users by `vpn_hub_id` (the VPN hub clients tab; the details name the hub, or carry its id).
 */
const ids = (values: string[]) => {
  const numbers = values.map(Number).filter(Number.isSafeInteger);
  return sql.join(numbers.length ? numbers : [-1]);
};

/**
 * The OpenAPI's `period` query of GET /reports is the period type, single or periodic: the report's `type`
 * (its own `period` is day, week, month or custom). A periodic tab narrows it to its period: day, week,
 * month or custom name the periodic reports of that period.
 */
const REPORT_PERIODS = ['single', 'periodic', 'day', 'week', 'month', 'custom'];

function reportPeriod(db: Kysely<Database>): FilterFn {
  const type = jsonText(db, 'r.details', 'type');
  const period = jsonText(db, 'r.details', 'period');
  return (values, param) => {
    const bad = values.find((v) => !REPORT_PERIODS.includes(v));
    if (bad !== undefined)
      throw invalid([param, `The selected ${param} is invalid. Allowed: ${REPORT_PERIODS.join(', ')}.`]);
    const isType = (v: string) => v === 'single' || v === 'periodic';
    const types = values.filter(isType);
    const periods = values.filter((v) => !isType(v));
    const byPeriod = periods.length ? [sql`(${type} = 'periodic' and ${period} in (${sql.join(periods)}))`] : [];
    const byType = types.length ? [sql`${type} in (${sql.join(types)})`] : [];
    return sql`(${sql.join([...byType, ...byPeriod], sql` or `)})`;
  };
}

const filters = (db: Kysely<Database>): Record<string, Record<string, FieldExpr | FilterFn>> => ({
  report: { period: reportPeriod(db) },
  vpn_hub_user: {
    vpn_hub_id: (values) =>
      sql`(${jsonInteger(db, 'r.details', 'vpn_hub_id')} in (${ids(values)}) or ${jsonText(db, 'r.details', 'hub')} in (select h.name from vpn_hubs h where h.company_id = r.company_id and h.id in (${ids(values)})))`,
  },
});

/** Per-kind fields of linked rows: a data collect config's device count, a report's newest generated report. */
const LINKED = (db: Kysely<Database>): Record<string, Record<string, FieldExpr>> => ({
  data_collect_config: {
    device_count: sql`(select count(*) from data_collect_assignments a where a.config_id = r.id)`,
  },
  report: {
    generated_report_id: sql`(select max(g.id) from records g where g.kind = 'generated_report' and g.company_id = r.company_id and ${jsonInteger(db, 'g.details', 'report_id')} = r.id)`,
  },
});

export const RECORD_ROUTES: { path: string; kind: string; permission: string }[] = [
  { path: '/devices/tasks/groups', kind: 'task_group', permission: 'view_device_task_groups' },
  { path: '/reports/generated', kind: 'generated_report', permission: 'view_reports' },
  { path: '/reports', kind: 'report', permission: 'view_reports' },
  { path: '/alerts-configurations', kind: 'alert_configuration', permission: 'view_device_alert_configurations' },
  { path: '/automations', kind: 'automation', permission: 'view_device_alert_configurations' },
  { path: '/data-collect/configs', kind: 'data_collect_config', permission: 'view_devices' },
  { path: '/devices/configurator/templates', kind: 'configurator_template', permission: 'create_multi_configuration' },
  { path: '/email-configurations', kind: 'email_configuration', permission: 'view_device_alert_configurations' },
  { path: '/monitoring-templates', kind: 'monitoring_template', permission: 'update_monitoring' },
  { path: '/vpn/hubs/users', kind: 'vpn_hub_user', permission: 'view_vpn_hubs' },
  { path: '/auth-devices', kind: 'auth_device', permission: 'super_admin' },
  { path: '/devices/actions/logs', kind: 'device_action_log', permission: 'view_device_logs' },
];

function recordSpec(app: FastifyInstance, actor: Actor, kind: string): ListSpec {
  return {
    from: () =>
      scoped(
        app.ctx.db
          .selectFrom('records as r')
          .innerJoin('companies as c', 'c.id', 'r.company_id')
          .where('r.kind', '=', kind),
        actor,
        'r.company_id',
      ),
    idColumn: 'r.id',
    fields: {
      id: 'r.id',
      name: 'r.name',
      status: 'r.status',
      company_id: 'r.company_id',
      company_name: 'c.name',
      details: 'r.details',
      created_at: 'r.created_at',
      ...LINKED(app.ctx.db)[kind],
    },
    search: ['name'],
    defaultSort: '-id',
    filters: { company_id: 'r.company_id', status: 'r.status', ...filters(app.ctx.db)[kind] },
    map: ({ details, ...row }) => {
      const merged = { ...(details ? (JSON.parse(String(details)) as object) : {}), ...row };
      return { ...merged, ...SHAPES[kind]?.(merged) };
    },
  };
}

export default async function records(app: FastifyInstance) {
  for (const route of RECORD_ROUTES) {
    listRoute(app, route.path, route.permission, (actor) => recordSpec(app, actor, route.kind));
    itemRoute(app, `${route.path}/:id`, route.permission, (actor) => recordSpec(app, actor, route.kind));
  }
}
