import type { FastifyInstance } from 'fastify';
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

/** Each write's call; `named`: the OpenAPI leaves the name optional, and one is made (bodyDefaults). */
const WRITES: { path: string; kind: string; permission: string; item: string; update: boolean; named?: boolean }[] = [
  { path: '/devices/tasks/groups', kind: 'task_group', permission: 'update_devices', item: 'Task group', update: true },
  {
    path: '/automations',
    kind: 'automation',
    permission: 'update_devices',
    item: 'Automation',
    update: true,
    named: true,
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
    const create = guard(app, { permission: write.permission, form: true, formDefaults });
    app.post(write.path, create, async (request, reply) => {
      const actor = actorOf(request);
      const form = request.form!;
      const companyId =
        form.company_id !== undefined ? await assertCompanyField(db, actor, form.company_id) : actor.company.id;
      const { id } = await db
        .insertInto('records')
        .values({
          kind: write.kind,
          company_id: companyId,
          name: String(form.name),
          status: statusOf(write.kind, form) ?? 'active',
          details: details(form),
          created_at: ctx.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tasksOf(write.kind, id, form);
      return reply.status(201).send({ success: true, data: { id }, message: `${write.item} created successfully` });
    });
    if (!write.update) continue;
    app.put(`${write.path}/:id`, guard(app, { permission: write.permission, form: true }), async (request) => {
      const actor = actorOf(request);
      const id = routeId(request.params);
      const record = await recordOf(db, actor, write.kind, id, write.item);
      const form = request.form!;
      const companyId =
        form.company_id !== undefined ? await assertCompanyField(db, actor, form.company_id) : record.company_id;
      const merged = { ...(JSON.parse(record.details) as object), ...(JSON.parse(details(form)) as object) };
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
