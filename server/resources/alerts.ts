import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import { actorOf, requirePermission } from '../auth/guards';
import type { AppContext } from '../context';
import { done, notFound } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { routeId } from '../services/ids';
import { deviceListSpec } from './devices-list';

// Alerts: a device of the caller's companies gone offline (the list, GET
// /alerts, answered with the console's pages; id is the device's), and one
// alert (GET /alerts/{id}), which the RMS API answers as a list of its events.
// Removing an alert (DELETE /alerts/{id}) keeps the device and the time it
// went offline (removed_alerts): the next offline spell is a new alert. A
// user's push token for alerts (POST /alerts/token) is kept per user.

export function alertSpec(ctx: AppContext, actor: Actor): ListSpec {
  const base = deviceListSpec(ctx, actor);
  return {
    from: (purpose) =>
      base
        .from(purpose)
        .where('d.status', '=', 0)
        .where('d.last_connection_at', 'is not', null)
        .where(
          sql<boolean>`not exists (select 1 from removed_alerts ra where ra.device_id = d.id and ra.offline_at = d.last_connection_at)`,
        ),
    idColumn: 'd.id',
    fields: {
      id: 'd.id',
      company_id: 'd.company_id',
      device_id: 'd.id',
      device_name: 'd.name',
      created_at: 'd.last_connection_at',
      // Cast: a bare constant in ORDER BY is an error on PostgreSQL ("non-integer constant"); sorting by it is a no-op.
      alert_type: sql`cast('Device offline' as text)`,
      alert_subtype: sql`cast('Connection state' as text)`,
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

  app.delete(
    '/alerts/:id',
    { preHandler: requirePermission(['view_device_alert_configurations', 'update_devices']) },
    async (request) => {
      const spec = alertSpec(app.ctx, actorOf(request));
      const fields = 'device_id,created_at';
      const { data } = await runList(spec, { id: String(routeId(request.params)), fields, limit: '1' });
      const [alert] = data as { device_id: number; created_at: string }[];
      if (!alert) throw notFound('Alert not found.');
      await app.ctx.db
        .insertInto('removed_alerts')
        .values({ device_id: alert.device_id, offline_at: alert.created_at })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return done(undefined, 'Alert removed successfully');
    },
  );

  const tokenBody = {
    type: 'object',
    required: ['token'],
    additionalProperties: false,
    properties: { token: { type: 'string', minLength: 1, maxLength: 4096, pattern: '^\\S+$' } },
  } as const;
  app.post(
    '/alerts/token',
    { preHandler: requirePermission('view_device_alert_configurations'), schema: { body: tokenBody } },
    async (request, reply) => {
      const { token } = request.body as { token: string };
      await app.ctx.db
        .insertInto('alert_tokens')
        .values({ user_id: actorOf(request).user.id, token, created_at: app.ctx.now().toISOString() })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return reply.status(201).send(done(undefined, 'Alert token added successfully'));
    },
  );
}
