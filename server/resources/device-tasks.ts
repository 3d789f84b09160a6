import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { list, notFound, ok } from '../http/envelope';
import { routeId } from '../services/ids';
import { scoped } from './scoped';

// Device tasks and their logs as the RMS API lists them, read from the task
// groups (records of kind task_group, whose details name their tasks): a
// task is one entry of its group, id group id × 100 + its order; a group's
// run is its group log (the group's status), each task of it a task log.

const PER_GROUP = 100;

/** The id of the task at 1-based `order` in its group. */
export const groupTaskId = (groupId: number, order: number) => groupId * PER_GROUP + order;
const RUN_STATUS: Record<string, string> = { completed: 'completed', failed: 'failed' };
const taskType = (name: string) =>
  name.endsWith('_upload') ? 'upload_file' : name.endsWith('_download') ? 'download_file' : 'command';

interface Group {
  id: number;
  name: string;
  company_id: number;
  status: string | null;
  tasks: string[];
  created_at: string;
}

export default async function deviceTasks(app: FastifyInstance) {
  const { db } = app.ctx;
  const view = { preHandler: requirePermission('view_device_task_groups') };

  async function groups(request: FastifyRequest, id?: number): Promise<Group[]> {
    let qb = db
      .selectFrom('records')
      .select(['id', 'name', 'company_id', 'status', 'details', 'created_at'])
      .where('kind', '=', 'task_group')
      .orderBy('id');
    if (id !== undefined) qb = qb.where('id', '=', id);
    const rows = await scoped(qb, actorOf(request), 'company_id').execute();
    return rows.map(({ details, ...row }) => ({
      ...row,
      tasks: ((details ? JSON.parse(String(details)) : {}) as { tasks?: string[] }).tasks ?? [],
    }));
  }

  const tasksOf = (group: Group) =>
    group.tasks.map((name, i) => ({ id: groupTaskId(group.id, i + 1), order: i + 1, name, type: taskType(name) }));

  /** A page of rows with `limit` and `offset` from the query. */
  function page(request: FastifyRequest, rows: Record<string, unknown>[]) {
    const q = request.query as { limit?: string; offset?: string };
    const offset = Math.max(0, Number(q.offset) || 0);
    const limit = Math.min(1000, Math.max(1, Number(q.limit) || 10));
    return list(rows.slice(offset, offset + limit), rows.length);
  }

  const only = (request: FastifyRequest, name: string) => {
    const value = (request.query as Record<string, string | undefined>)[name];
    return value === undefined || value === '' ? undefined : value.split(',');
  };

  app.get('/devices/tasks', view, async (request) => {
    const companies = only(request, 'company_id');
    const ids = only(request, 'group_id');
    const rows = (await groups(request))
      .filter((g) => (!companies || companies.includes(String(g.company_id))) && (!ids || ids.includes(String(g.id))))
      .flatMap((g) =>
        tasksOf(g).map((task) => ({
          ...task,
          group_id: g.id,
          group_name: g.name,
          company_id: g.company_id,
          data: {},
          timeout: 0,
          stop_on_failure: false,
          created_at: g.created_at,
          updated_at: g.created_at,
        })),
      );
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

  const taskLogs = (g: Group) =>
    tasksOf(g).map(({ id, name, type }) => ({
      id,
      group_log_id: g.id,
      group_log_name: g.name,
      type,
      name,
      data: {},
      result: { status: RUN_STATUS[g.status ?? ''] ?? 'processing' },
      created_at: g.created_at,
    }));
  app.get('/devices/tasks/logs', view, async (request) => {
    const ids = only(request, 'group_log_id');
    const rows = (await groups(request)).filter((g) => !ids || ids.includes(String(g.id))).flatMap(taskLogs);
    return page(request, rows);
  });
  app.get('/devices/tasks/logs/:id', view, async (request) => {
    const id = routeId(request.params);
    const [group] = await groups(request, Math.floor(id / PER_GROUP));
    const log = group && taskLogs(group).find((row) => row.id === id);
    if (!log) throw notFound();
    return ok(log);
  });
}
