import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import { actorOf, requirePermission } from '../auth/guards';
import type { AppContext } from '../context';
import { notFound } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { routeId } from '../services/ids';
import { deviceListSpec } from './devices-list';

// Alerts: a device of the caller's companies gone offline (the list, GET
// /alerts, answered with the console's pages; id is the device's), and one
// alert (GET /alerts/{id}), which the RMS API answers as a list of its events.

export function alertSpec(ctx: AppContext, actor: Actor): ListSpec {
  const base = deviceListSpec(ctx, actor);
  return {
    from: () => base.from().where('d.status', '=', 0).where('d.last_connection_at', 'is not', null),
    idColumn: 'd.id',
    fields: {
      id: 'd.id',
      company_id: 'd.company_id',
      device_id: 'd.id',
      device_name: 'd.name',
      created_at: 'd.last_connection_at',
      alert_type: sql`'Device offline'`,
      alert_subtype: sql`'Connection state'`,
      message: sql`d.name || ' (' || d.serial || ') went offline'`,
    },
    search: ['device_name', 'message'],
    sortable: ['id', 'created_at', 'alert_type', 'device_name'],
    defaultSort: '-created_at',
    filters: { company_id: 'd.company_id', device_id: 'd.id' },
  };
}

export default async function alerts(app: FastifyInstance) {
  app.get('/alerts/:id', { preHandler: requirePermission('view_device_alert_configurations') }, async (request) => {
    const spec = alertSpec(app.ctx, actorOf(request));
    const fields = 'id,device_id,message,created_at';
    const { data } = await runList(spec, { id: String(routeId(request.params)), fields, limit: '1' });
    if (!data.length) throw notFound('Alert not found.');
    return { success: true, data };
  });
}
