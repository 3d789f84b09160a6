import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { done, invalid, notFound } from '../http/envelope';
import { reportDone } from '../services/action-report';
import { ID_SCHEMA, idField, routeId } from '../services/ids';
import { scoped } from './scoped';
import { dataRows } from '../http/data-rows';

// The alert configurations of devices as the RMS API keeps them: added in a
// batch (POST /devices/alerts-configurations, each row a device of the
// caller's companies, all or nothing), listed on an action channel (GET, for
// one device with `id` or for all the caller's devices) and removed one by
// one (DELETE /devices/{device_id}/alerts-configurations/{alert_id}).

const COUNT = { type: 'integer', minimum: 0, maximum: 2_147_483_647 } as const;
const ROW = {
  type: 'object',
  additionalProperties: false,
  required: [
    'action',
    'alert_subtype_id',
    'alert_type_id',
    'data_limit',
    'device_id',
    'message',
    'redundancy_interval',
  ],
  properties: {
    device_id: ID_SCHEMA,
    alert_type_id: ID_SCHEMA,
    alert_subtype_id: ID_SCHEMA,
    action: { type: 'integer', enum: [1, 2, 3] },
    subject: { type: 'string', maxLength: 255 },
    message: { type: 'string', minLength: 1, maxLength: 1000 },
    email: { type: 'string', format: 'email', maxLength: 254 },
    smtp_config_id: ID_SCHEMA,
    delivery_retry: { type: 'boolean' },
    retry_interval: COUNT,
    retry_count: { type: 'integer', minimum: 0, maximum: 100 },
    redundancy_interval: COUNT,
    data_limit: COUNT,
    sim: { type: 'integer', enum: [1, 2] },
    period: { type: 'string', enum: ['day', 'week', 'month'] },
    starts: { type: 'integer', minimum: 1, maximum: 31 },
    phone: { type: 'string', pattern: '^\\+?[0-9]{5,20}$' },
    longitude: { type: 'number', minimum: -180, maximum: 180 },
    latitude: { type: 'number', minimum: -90, maximum: 90 },
    radius: { type: 'number', minimum: 0, maximum: 1_000_000 },
  },
} as const;
const BODY = dataRows(ROW, 100);

type Row = { device_id: number; alert_type_id: number; alert_subtype_id: number; action: number } & Record<
  string,
  unknown
>;
const VIEW = 'view_device_alert_configurations';

export default async function deviceAlertConfigurations(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  /** A device of the caller's companies, or 404. */
  async function deviceOf(request: FastifyRequest, id: number) {
    const device = await db.selectFrom('devices').select(['id', 'company_id']).where('id', '=', id).executeTakeFirst();
    assertTenancy(actorOf(request), device?.company_id, 'Device');
    return device!;
  }

  app.get('/devices/alerts-configurations', { preHandler: requirePermission(VIEW) }, async (request) => {
    const { id } = request.query as { id?: string };
    let query = scoped(
      db
        .selectFrom('device_alert_configurations as a')
        .innerJoin('devices as d', 'd.id', 'a.device_id')
        .select([
          'a.id',
          'a.device_id',
          'a.alert_type_id',
          'a.alert_subtype_id',
          'a.action',
          'a.details',
          'a.created_at',
        ])
        .orderBy('a.id'),
      actorOf(request),
      'd.company_id',
    );
    if (id !== undefined) query = query.where('a.device_id', '=', (await deviceOf(request, idField(id, 'id'))).id);
    const data = (await query.execute()).map(({ details, ...row }) => ({ ...(JSON.parse(details) as object), ...row }));
    return reportDone(ctx, actorOf(request), { total: data.length, done: data.length, failed: 0, data });
  });

  app.post(
    '/devices/alerts-configurations',
    { preHandler: requirePermission([VIEW, 'update_devices']), schema: { body: BODY } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { data } = request.body as { data: Row[] };
      const ids = [...new Set(data.map((row) => row.device_id))];
      const found = new Set(
        (await scoped(db.selectFrom('devices').select('id').where('id', 'in', ids), actor, 'company_id').execute()).map(
          (d) => d.id,
        ),
      );
      const missing = data.findIndex((row) => !found.has(row.device_id));
      if (missing >= 0) throw invalid([`data.${missing}.device_id`, 'The selected device was not found.']);
      const at = ctx.now().toISOString();
      await db
        .insertInto('device_alert_configurations')
        .values(
          data.map(({ device_id, alert_type_id, alert_subtype_id, action, ...details }) => ({
            device_id,
            alert_type_id,
            alert_subtype_id,
            action,
            details: JSON.stringify(details),
            created_at: at,
          })),
        )
        .execute();
      const answer = await reportDone(ctx, actor, { total: data.length, done: data.length, failed: 0 });
      return reply.status(201).send(answer);
    },
  );

  app.delete(
    '/devices/:device_id/alerts-configurations/:alert_id',
    { preHandler: requirePermission([VIEW, 'update_devices']) },
    async (request) => {
      const params = request.params as { device_id: string; alert_id: string };
      const device = await deviceOf(request, routeId({ id: params.device_id }));
      const removed = await db
        .deleteFrom('device_alert_configurations')
        .where('id', '=', routeId({ id: params.alert_id }))
        .where('device_id', '=', device.id)
        .executeTakeFirst();
      if (!Number(removed.numDeletedRows)) throw notFound('Alert configuration not found.');
      return done(undefined, 'Alert configuration removed successfully');
    },
  );
}
