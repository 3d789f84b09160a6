import type { FastifyInstance } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { list } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { passwordTaskOf } from './device-passwords';
import { scoped } from './scoped';

// GET /tasks/{id}/devices of the RMS API: the devices of a password task of
// the caller's companies, each with its status in the task (pending,
// completed, failed) and the time the task was made.

export default async function devicePasswordTaskDevices(app: FastifyInstance) {
  const { db } = app.ctx;
  app.get('/tasks/:id/devices', { preHandler: requirePermission('update_devices') }, async (request) => {
    const actor = actorOf(request);
    const task = await passwordTaskOf(db, actor, (request.params as { id: string }).id);
    const spec: ListSpec = {
      from: () =>
        scoped(
          db
            .selectFrom('device_password_task_devices as t')
            .innerJoin('devices as d', 'd.id', 't.device_id')
            .innerJoin('device_password_tasks as p', 'p.id', 't.task_id')
            .where('t.task_id', '=', task.id),
          actor,
          'd.company_id',
        ),
      idColumn: 'd.id',
      fields: {
        id: 'd.id',
        name: 'd.name',
        serial: 'd.serial',
        mac: 'd.mac',
        description: 'd.description',
        status: 't.status',
        created_at: 'p.created_at',
      },
      search: ['name', 'serial', 'mac'],
      sortable: ['id', 'name', 'serial', 'status'],
      defaultSort: 'id',
      filters: { status: 't.status' },
    };
    const { data, total } = await runList(spec, request.query as Record<string, unknown>);
    return list(data, total);
  });
}
