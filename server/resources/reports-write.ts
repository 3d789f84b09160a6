import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { PARAMETER_LIMIT } from '../../engine/constants';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { bodyDefaults } from '../forms/defaults';
import type { Database } from '../db/types';
import { invalid } from '../http/envelope';
import { ID_SCHEMA, routeId } from '../services/ids';
import { recordOf } from './record-of';

// The RMS API's writes of company records that had only reads: reports
// (POST /reports, PUT /reports/{id}), generated reports (PUT and DELETE
// /reports/generated/{id}) and alert configurations (PUT
// /alerts-configurations/{id}). A record is a row of `records` (its kind,
// company and name as columns, the rest as details JSON, which the lists
// spread into each row); one outside the caller's companies is not found.

/** The report parameters the OpenAPI names. */
const PARAMETERS = [
  'router_uptime',
  'temperature',
  'connection_uptime',
  'connection_type',
  'operator',
  'data_usage',
  'signal',
];
const DATE = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$' } as const;

const reportFields = {
  name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
  description: { type: 'string', maxLength: 200 },
  type: { enum: ['single', 'periodic'] },
  period: { enum: ['day', 'week', 'month', 'custom'] },
  parameters: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: PARAMETERS } },
  applied_by: { enum: ['device', 'company', 'tag'] },
  apply_list: { type: 'array', minItems: 1, maxItems: PARAMETER_LIMIT, uniqueItems: true, items: ID_SCHEMA },
  start_date: DATE,
  end_date: DATE,
} as const;

// The OpenAPI leaves the name optional: a report sent without one is named for the moment it was made
// (bodyDefaults). Beside the OpenAPI's fields, the company the report belongs to (one of the caller's; the caller's own
// when absent), so a company's reports tab creates a report of that company. assertCompanyField checks it:
// an id, or its digits (a company tab presets the form's company from its route).
const createReport = {
  type: 'object',
  additionalProperties: false,
  required: ['applied_by', 'apply_list', 'parameters', 'period', 'type'],
  properties: { ...reportFields, company_id: {} },
} as const;

const updateReport = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { ...reportFields, is_active: { type: 'boolean' } },
} as const;

const updateGenerated = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'description'],
  properties: { name: reportFields.name, description: { type: 'string', maxLength: 200 } },
} as const;

const updateAlertConfiguration = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    subject: { type: 'string', minLength: 1, maxLength: 255 },
    message: { type: 'string', maxLength: 2000 },
    enable: { type: 'boolean' },
    redundancy_enable: { type: 'boolean' },
    redundancy_interval: { type: 'integer', minimum: 1, maximum: 1440 },
    smtp_config_id: ID_SCHEMA,
  },
} as const;

type Report = Partial<Record<keyof typeof reportFields, unknown>> & {
  applied_by?: 'device' | 'company' | 'tag';
  apply_list?: number[];
  is_active?: boolean;
};

const APPLIED_TABLE = { device: 'devices', company: 'companies', tag: 'tags' } as const;

/** 422 unless every id of the apply list is a device, company or tag of the caller's companies. */
async function assertApplyList(db: Kysely<Database>, actor: Actor, by: Report['applied_by'], ids: number[]) {
  const table = APPLIED_TABLE[by!];
  const column = table === 'companies' ? 'id' : 'company_id';
  let qb = db.selectFrom(table).select('id').where('id', 'in', ids);
  if (actor.companyIds !== null) qb = qb.where(column, 'in', actor.companyIds);
  if ((await qb.execute()).length !== ids.length) throw invalid(['apply_list', `The selected ${by} is invalid.`]);
}

/** The period's dates: a custom period needs both, in order. */
function assertDates(report: Report) {
  if (report.period === 'custom') {
    if (!report.start_date) throw invalid(['start_date', 'The start date is required for a custom period.']);
    if (!report.end_date) throw invalid(['end_date', 'The end date is required for a custom period.']);
  }
  if (report.start_date && report.end_date && String(report.start_date) > String(report.end_date)) {
    throw invalid(['end_date', 'The end date must be after the start date.']);
  }
}

export default async function reportsWrite(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  /** A record of a kind within the caller's companies (404 otherwise), its details parsed. */
  async function parsedRecordOf(actor: Actor, params: unknown, kind: string, what: string) {
    const record = await recordOf(db, actor, kind, routeId(params), what);
    return { ...record, details: JSON.parse(record.details) as Record<string, unknown> };
  }

  const permission = ['view_reports', 'update_devices'];
  const reports = guard(app, { permission });
  // As on POST, the permission comes before the body schema.
  const reportUpdate = { preValidation: requirePermission(permission), schema: { body: updateReport } };

  // The new-report form is enforced: the server checks what the console checks (its apply list's
  // lookup chosen by applied_by), then that every id is one of that kind in the caller's companies.
  // The permission comes before the body schema, so a caller without it learns nothing of the rules.
  app.post(
    '/reports',
    {
      ...guard(app, { form: true, formDefaults: bodyDefaults(ctx.now, { name: 'Report' }) }),
      preValidation: requirePermission(permission),
      schema: { body: createReport },
    },
    async (request) => {
      const actor = actorOf(request);
      const { name, company_id, ...details } = request.form as Report & { name: string; company_id?: unknown };
      const company = company_id == null ? actor.company.id : await assertCompanyField(db, actor, company_id);
      assertDates(details);
      await assertApplyList(db, actor, details.applied_by, details.apply_list!);
      await db
        .insertInto('records')
        .values({
          kind: 'report',
          company_id: company,
          name: name.trim(),
          status: 'active',
          details: JSON.stringify(details),
          created_at: ctx.now().toISOString(),
        })
        .execute();
      return { success: true };
    },
  );

  app.put('/reports/:id', reportUpdate, async (request) => {
    const actor = actorOf(request);
    const report = await parsedRecordOf(actor, request.params, 'report', 'Report');
    const { name, is_active, ...changes } = request.body as Report & { name?: string };
    const details = { ...report.details, ...changes } as Report;
    assertDates(details);
    if (changes.applied_by && !changes.apply_list) {
      throw invalid(['apply_list', 'The apply list is required when applied_by changes.']);
    }
    if (changes.apply_list) await assertApplyList(db, actor, details.applied_by ?? 'device', changes.apply_list);
    await db
      .updateTable('records')
      .set({
        name: name?.trim() ?? report.name,
        status: is_active === undefined ? report.status : is_active ? 'active' : 'paused',
        details: JSON.stringify(details),
      })
      .where('id', '=', report.id)
      .execute();
    return { success: true };
  });

  app.put('/reports/generated/:id', { ...reports, schema: { body: updateGenerated } }, async (request) => {
    const generated = await parsedRecordOf(actorOf(request), request.params, 'generated_report', 'Generated report');
    const { name, description } = request.body as { name: string; description: string };
    await db
      .updateTable('records')
      .set({ name: name.trim(), details: JSON.stringify({ ...generated.details, description }) })
      .where('id', '=', generated.id)
      .execute();
    return { success: true };
  });

  app.delete('/reports/generated/:id', reports, async (request) => {
    const generated = await parsedRecordOf(actorOf(request), request.params, 'generated_report', 'Generated report');
    await db.deleteFrom('records').where('id', '=', generated.id).execute();
    return { success: true };
  });

  app.put(
    '/alerts-configurations/:id',
    {
      ...guard(app, { permission: ['view_device_alert_configurations', 'update_devices'] }),
      schema: { body: updateAlertConfiguration },
    },
    async (request) => {
      const actor = actorOf(request);
      const configuration = await parsedRecordOf(actor, request.params, 'alert_configuration', 'Alert configuration');
      const { enable, ...changes } = request.body as { enable?: boolean; smtp_config_id?: number };
      if (changes.smtp_config_id !== undefined) {
        // The SMTP configuration is one of the e-mail configurations of the configuration's own company.
        const smtp = await db
          .selectFrom('records')
          .select('id')
          .where('id', '=', changes.smtp_config_id)
          .where('kind', '=', 'email_configuration')
          .where('company_id', '=', configuration.company_id)
          .executeTakeFirst();
        if (!smtp) throw invalid(['smtp_config_id', 'The selected SMTP configuration is invalid.']);
      }
      await db
        .updateTable('records')
        .set({
          status: enable === undefined ? configuration.status : enable ? 'enabled' : 'disabled',
          details: JSON.stringify({ ...configuration.details, ...changes }),
        })
        .where('id', '=', configuration.id)
        .execute();
      return { success: true };
    },
  );
}
