import type { FastifyInstance } from 'fastify';
import { BATCH_SIZE } from '../../engine/constants';
import { actorOf } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { invalid } from '../http/envelope';
import { assertDevicesInScope, bulkDeviceIds, startBulk } from '../services/bulk';
import { ID_SCHEMA, routeId } from '../services/ids';
import { recordOf } from './record-of';

// POST /devices/tasks/groups/{id} of the RMS API: runs a task group (all its
// tasks, or those listed) on devices of the caller's companies, on an action
// channel; each device logs the run (the device logs, the task logs).

const body = {
  type: 'object',
  required: ['device_id'],
  additionalProperties: false,
  properties: {
    device_id: { type: 'array', minItems: 1, maxItems: BATCH_SIZE, items: ID_SCHEMA },
    tasks: {
      type: 'array',
      maxItems: 100,
      items: {
        type: 'object',
        required: ['task_id'],
        additionalProperties: false,
        properties: {
          task_id: ID_SCHEMA,
          variables: {
            type: 'array',
            maxItems: 50,
            items: {
              type: 'object',
              additionalProperties: false,
              properties: { name: { type: 'string', maxLength: 100 }, value: { type: 'string', maxLength: 1000 } },
            },
          },
        },
      },
    },
  },
} as const;

export default async function deviceTaskGroupsRun(app: FastifyInstance) {
  const { ctx } = app;
  app.post(
    '/devices/tasks/groups/:id',
    { ...guard(app, { permission: ['view_device_task_groups', 'update_devices'] }), schema: { body } },
    async (request) => {
      const actor = actorOf(request);
      const group = await recordOf(ctx.db, actor, 'task_group', routeId(request.params), 'Task group');
      const groupTasks = await ctx.db
        .selectFrom('device_tasks')
        .select(['id', 'name'])
        .where('group_id', '=', group.id)
        .orderBy('position')
        .orderBy('id')
        .execute();
      const { tasks } = request.body as { tasks?: { task_id: number }[] };
      const unknown = (tasks ?? []).findIndex((task) => !groupTasks.some((t) => t.id === task.task_id));
      if (unknown >= 0) throw invalid([`tasks.${unknown}.task_id`, 'The selected task is not one of the group.']);
      const chosen = groupTasks
        .filter((t) => !tasks?.length || tasks.some((task) => task.task_id === t.id))
        .map((t) => t.name);
      if (!chosen.length) throw invalid(['tasks', 'The task group has no tasks to run.']);
      const devices = bulkDeviceIds(request.body);
      await assertDevicesInScope(ctx, actor, devices);
      const source = `${group.name}: ${chosen.join(', ')}`;
      const channel = await startBulk(ctx, actor, devices, { kind: 'task', task: 'task_group', source });
      return { success: true, meta: { channel } };
    },
  );
}
