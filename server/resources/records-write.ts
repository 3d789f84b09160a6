import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { requestField } from '../openapi/request-schema';
import type { Condition } from './automation-conditions';
import { assertConditionSources } from './automation-sources';
import { actorOf, assertCompanyField } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { bodyDefaults } from '../forms/defaults';
import { done } from '../http/envelope';
import { routeId } from '../services/ids';
import { syncGroupDetails, writeGroupTasks } from '../services/group-tasks';
import { recordOf } from './record-of';

// Writes of the company records that forms submit (task groups, automations,
// e-mail configurations, monitoring templates): validated by their form
// document; the name and company are columns, the other fields details.
// Secrets (passwords) are never stored in the details.

/**
 * Each write's call; `named`: the OpenAPI leaves the name optional, and one is made (bodyDefaults);
 * `conditions`: the body may carry the OpenAPI's conditions_body (an automation's), which no form field holds.
 */
const WRITES: {
  path: string;
  kind: string;
  permission: string;
  item: string;
  update: boolean;
  named?: boolean;
  conditions?: boolean;
}[] = [
  { path: '/devices/tasks/groups', kind: 'task_group', permission: 'update_devices', item: 'Task group', update: true },
  {
    path: '/automations',
    kind: 'automation',
    permission: 'update_devices',
    item: 'Automation',
    update: true,
    named: true,
    conditions: true,
  },
  {
    path: '/email-configurations',
    kind: 'email_configuration',
    permission: 'update_devices',
    item: 'Email configuration',
    update: false,
  },
  {
    path: '/monitoring-templates',
    kind: 'monitoring_template',
    permission: 'update_monitoring',
    item: 'Monitoring template',
    update: true,
  },
];

const CONDITIONS = 'conditions_body';

/** The route's own schema of what the form does not hold: the OpenAPI's conditions_body, as it writes it. */
const conditionsSchema = (method: string, path: string) => ({
  schema: {
    body: { type: 'object', properties: { [CONDITIONS]: requestField(method, path, CONDITIONS) } },
  },
});

const SECRET_KEYS = new Set(['password', 'password_confirmation']);
/** Form fields kept in columns, not in the details: an automation's `enabled` is its status. */
const COLUMN_KEYS = new Set(['name', 'company_id', 'enabled']);

/** The status column a form sets: an automation runs or not by its `enabled` switch. */
function statusOf(kind: string, form: Record<string, unknown>): string | undefined {
  if (kind === 'automation' && typeof form.enabled === 'boolean') return form.enabled ? 'enabled' : 'disabled';
  return undefined;
}

function details(form: Record<string, unknown>) {
  const rest = Object.fromEntries(Object.entries(form).filter(([k]) => !COLUMN_KEYS.has(k) && !SECRET_KEYS.has(k)));
  if ('password' in form) rest.password_set = true;
  return JSON.stringify(rest);
}

/** The conditions a body sends (checked against the company), as details to store; none when not sent. */
async function sentConditions(
  db: Kysely<Database>,
  request: FastifyRequest,
  companyId: number,
): Promise<Record<string, unknown>> {
  const conditions = (request.body as Record<string, unknown>)[CONDITIONS] as Condition[] | undefined;
  if (conditions === undefined) return {};
  await assertConditionSources(db, companyId, conditions);
  return { [CONDITIONS]: conditions };
}

export default async function recordsWrite(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  /** A task group's tasks as rows of their own (device_tasks) when the form names them. */
  async function tasksOf(kind: string, id: number, form: Record<string, unknown>) {
    if (kind !== 'task_group' || form.tasks === undefined) return;
    await writeGroupTasks(db, id, details(form), ctx.now().toISOString());
    await syncGroupDetails(db, id);
  }
  for (const write of WRITES) {
    const formDefaults = write.named ? bodyDefaults(ctx.now, { company: true, name: write.item }) : undefined;
    const formOmits = write.conditions ? [CONDITIONS] : undefined;
    const create = {
      ...guard(app, { permission: write.permission, form: true, formDefaults, formOmits }),
      ...(write.conditions ? conditionsSchema('post', write.path) : {}),
    };
    app.post(write.path, create, async (request, reply) => {
      const actor = actorOf(request);
      const form = request.form!;
      const companyId =
        form.company_id !== undefined ? await assertCompanyField(db, actor, form.company_id) : actor.company.id;
      const conditions = write.conditions ? await sentConditions(db, request, companyId) : {};
      const { id } = await db
        .insertInto('records')
        .values({
          kind: write.kind,
          company_id: companyId,
          name: String(form.name),
          status: statusOf(write.kind, form) ?? 'active',
          details: JSON.stringify({ ...(JSON.parse(details(form)) as object), ...conditions }),
          created_at: ctx.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tasksOf(write.kind, id, form);
      return reply.status(201).send({ success: true, data: { id }, message: `${write.item} created successfully` });
    });
    if (!write.update) continue;
    const update = {
      ...guard(app, { permission: write.permission, form: true, formOmits }),
      ...(write.conditions ? conditionsSchema('put', `${write.path}/{id}`) : {}),
    };
    app.put(`${write.path}/:id`, update, async (request) => {
      const actor = actorOf(request);
      const id = routeId(request.params);
      const record = await recordOf(db, actor, write.kind, id, write.item);
      const form = request.form!;
      const companyId =
        form.company_id !== undefined ? await assertCompanyField(db, actor, form.company_id) : record.company_id;
      const conditions = write.conditions ? await sentConditions(db, request, companyId) : {};
      const merged = {
        ...(JSON.parse(record.details) as object),
        ...(JSON.parse(details(form)) as object),
        ...conditions,
      };
      await db
        .updateTable('records')
        .set({
          name: form.name === undefined ? record.name : String(form.name),
          company_id: companyId,
          status: statusOf(write.kind, form) ?? record.status,
          details: JSON.stringify(merged),
        })
        .where('id', '=', id)
        .execute();
      await tasksOf(write.kind, id, form);
      return done(undefined, `${write.item} updated successfully`);
    });
  }
}
