import { pageParams } from '../http/list-query';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { list, notFound, ok } from '../http/envelope';
import { routeId } from '../services/ids';
import { scoped } from './scoped';

// Device tasks and their logs as the RMS API lists them: the tasks of the
// task groups (records of kind task_group), each a stored row (device_tasks,
// changed by device-tasks-write.ts); a group's run is its group log (the
// group's status), each task of it a task log with the task's id.

const RUN_STATUS: Record<string, string> = { completed: 'completed', failed: 'failed' };

interface Group {
  id: number;
  name: string;
  company_id: number;
  status: string | null;
  created_at: string;
}

export default async function deviceTasks(app: FastifyInstance) {
  const { db } = app.ctx;
  const view = { preHandler: requirePermission('view_device_task_groups') };

  async function groups(request: FastifyRequest, id?: number): Promise<Group[]> {
    let qb = db
      .selectFrom('records')
      .select(['id', 'name', 'company_id', 'status', 'created_at'])
      .where('kind', '=', 'task_group')
      .orderBy('id');
    if (id !== undefined) qb = qb.where('id', '=', id);
    return scoped(qb, actorOf(request), 'company_id').execute();
  }

  /** The tasks of the caller's groups (of some groups, or one task), in group and task order. */
  async function tasks(request: FastifyRequest, only: { groups?: string[]; id?: number } = {}) {
    let qb = db
      .selectFrom('device_tasks as t')
      .innerJoin('records as g', 'g.id', 't.group_id')
      .select([
        't.id',
        't.position as order',
        't.name',
        't.type',
        't.timeout',
        't.stop_on_failure',
        't.data',
        't.created_at',
        't.updated_at',
        'g.id as group_id',
        'g.name as group_name',
        'g.company_id',
        'g.status as group_status',
      ])
      .orderBy('g.id')
      .orderBy('t.position')
      .orderBy('t.id');
    if (only.groups) qb = qb.where('g.id', 'in', only.groups.map(Number).filter(Number.isSafeInteger));
    if (only.id !== undefined) qb = qb.where('t.id', '=', only.id);
    return scoped(qb, actorOf(request), 'g.company_id').execute();
  }

  /** A page of rows with `limit` and `offset` from the query. */
  function page(request: FastifyRequest, rows: Record<string, unknown>[]) {
    const { limit, offset } = pageParams(request.query as Record<string, unknown>, { fallback: 10, max: 1000 });
    return list(rows.slice(offset, offset + limit), rows.length);
  }

  const only = (request: FastifyRequest, name: string) => {
    const value = (request.query as Record<string, string | undefined>)[name];
    return value === undefined || value === '' ? undefined : value.split(',');
  };

  app.get('/devices/tasks', view, async (request) => {
    const companies = only(request, 'company_id');
    const rows = (await tasks(request, { groups: only(request, 'group_id') }))
      .filter((t) => !companies || companies.includes(String(t.company_id)))
      .map(({ group_status: _, data, stop_on_failure, ...task }) => ({
        ...task,
        data: JSON.parse(data) as object,
        stop_on_failure: stop_on_failure === 1,
      }));
    return page(request, rows);
  });

  const groupLog = (g: Group) => ({
    id: g.id,
    name: g.name,
    status: RUN_STATUS[g.status ?? ''] ?? 'processing',
    created_at: g.created_at,
  });
  app.get('/devices/tasks/groups/logs', view, async (request) => {
    const status = only(request, 'status');
    const rows = (await groups(request)).map(groupLog).filter((log) => !status || status.includes(log.status));
    return page(request, rows);
  });
  app.get('/devices/tasks/groups/logs/:id', view, async (request) => {
    const [group] = await groups(request, routeId(request.params));
    if (!group) throw notFound();
    return ok(groupLog(group));
  });

  const taskLog = (t: Awaited<ReturnType<typeof tasks>>[number]) => ({
    id: t.id,
    group_log_id: t.group_id,
    group_log_name: t.group_name,
    type: t.type,
    name: t.name,
    data: {},
    result: { status: RUN_STATUS[t.group_status ?? ''] ?? 'processing' },
    created_at: t.created_at,
  });
  app.get('/devices/tasks/logs', view, async (request) => {
    const rows = (await tasks(request, { groups: only(request, 'group_log_id') })).map(taskLog);
    return page(request, rows);
  });
  app.get('/devices/tasks/logs/:id', view, async (request) => {
    const [task] = await tasks(request, { id: routeId(request.params) });
    if (!task) throw notFound();
    return ok(taskLog(task));
  });
}
