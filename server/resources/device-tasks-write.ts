import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, assertTenancy } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { done } from '../http/envelope';
import { syncGroupDetails } from '../services/group-tasks';
import { routeId } from '../services/ids';

// PUT and DELETE /devices/tasks/{id} of the RMS API: a task of a task group
// of the caller's companies changed (name, order, timeout, stop on failure)
// or removed; the group's details follow, so its edit form shows the tasks.

const TIMEOUT_MAX = 300;
const body = {
  type: 'object',
  required: ['name', 'order', 'stop_on_failure', 'timeout'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S' },
    order: { type: 'integer', minimum: 0, maximum: 1000 },
    stop_on_failure: { type: 'boolean' },
    timeout: { type: 'integer', minimum: 1, maximum: TIMEOUT_MAX },
  },
} as const;

export default async function deviceTasksWrite(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const write = guard(app, { permission: ['view_device_task_groups', 'update_devices'] });

  /** The task and its group, 404 unless the group is one of the caller's companies'. */
  async function taskOf(request: FastifyRequest) {
    const task = await db
      .selectFrom('device_tasks as t')
      .innerJoin('records as g', 'g.id', 't.group_id')
      .select(['t.id', 't.group_id', 'g.company_id'])
      .where('t.id', '=', routeId(request.params))
      .executeTakeFirst();
    assertTenancy(actorOf(request), task?.company_id, 'Task');
    return task!;
  }

  app.put('/devices/tasks/:id', { ...write, schema: { body } }, async (request) => {
    const task = await taskOf(request);
    const { name, order, stop_on_failure, timeout } = request.body as {
      name: string;
      order: number;
      stop_on_failure: boolean;
      timeout: number;
    };
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('device_tasks')
        .set({
          name: name.trim(),
          position: order,
          stop_on_failure: stop_on_failure ? 1 : 0,
          timeout,
          updated_at: ctx.now().toISOString(),
        })
        .where('id', '=', task.id)
        .execute();
      await syncGroupDetails(trx, task.group_id);
    });
    return done(undefined, 'Task updated successfully');
  });

  app.delete('/devices/tasks/:id', write, async (request) => {
    const task = await taskOf(request);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('device_tasks').where('id', '=', task.id).execute();
      await syncGroupDetails(trx, task.group_id);
    });
    return done(undefined, 'Task removed successfully');
  });
}
