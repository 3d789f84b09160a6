import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { list, ok } from '../http/envelope';
import type { Actor } from '../auth/actor';
import { memoryList } from './pages-memory-list';

/** Online devices per family: sorted by its columns, not searchable, every family (the vendor API does not page it). */
const ONLINE_LIST = { sortable: ['family', 'online', 'total'], defaultSort: 'family', unpaged: true };

// Fleet statistics of the caller's companies: general figures, devices per
// model and status (also the /devices/statistics lookup), devices created
// per month, online devices per family, unique devices per company.

export default async function statistics(app: FastifyInstance) {
  const { db } = app.ctx;
  const devices = (actor: Actor) => {
    const q = db.selectFrom('devices as d');
    return actor.companyIds === null ? q : q.where('d.company_id', 'in', actor.companyIds);
  };

  app.get('/statistics', { preHandler: requirePermission('view_statistics') }, async (request) => {
    const actor = actorOf(request);
    const row = await devices(actor)
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(case when d.status = 1 then 1 else 0 end), 0)`.as('online'),
        sql<number>`coalesce(sum(case when d.status = 0 then 1 else 0 end), 0)`.as('offline'),
        sql<number>`coalesce(sum(case when d.status = 2 then 1 else 0 end), 0)`.as('pending'),
        sql<number>`coalesce(sum(case when d.status = 3 then 1 else 0 end), 0)`.as('not_activated'),
        sql<number>`count(distinct d.model)`.as('models'),
        sql<number>`count(distinct d.company_id)`.as('companies'),
      ])
      .executeTakeFirstOrThrow();
    const families = await devices(actor)
      .select([
        'd.family',
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(case when d.status = 1 then 1 else 0 end), 0)`.as('online'),
      ])
      .groupBy('d.family')
      .orderBy('d.family')
      .execute();
    return ok({ ...row, families });
  });

  const byModel = async (actor: Actor) =>
    devices(actor)
      .select([
        'd.model as id',
        'd.model as name',
        'd.family',
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(case when d.status = 1 then 1 else 0 end), 0)`.as('online'),
        sql<number>`coalesce(sum(case when d.status = 0 then 1 else 0 end), 0)`.as('offline'),
      ])
      .groupBy(['d.model', 'd.family'])
      .orderBy('d.model')
      .execute();

  app.get('/devices/statistics', { preHandler: requirePermission('view_devices') }, async (request) => {
    const rows = await byModel(actorOf(request));
    return list(rows, rows.length);
  });

  app.get('/statistics/months', { preHandler: requirePermission('view_statistics') }, async (request) => {
    const rows = await devices(actorOf(request))
      .select([sql<string>`substr(d.created_at, 1, 7)`.as('month'), sql<number>`count(*)`.as('devices')])
      .groupBy(sql`substr(d.created_at, 1, 7)`)
      .orderBy('month')
      .execute();
    return list(rows, rows.length);
  });

  app.get('/statistics/devices/online', { preHandler: requirePermission('view_statistics') }, async (request) => {
    const rows = await devices(actorOf(request))
      .select([
        'd.family',
        sql<number>`coalesce(sum(case when d.status = 1 then 1 else 0 end), 0)`.as('online'),
        sql<number>`count(*)`.as('total'),
      ])
      .groupBy('d.family')
      .execute();
    // Counts as numbers (PostgreSQL answers them as text), so they sort as numbers.
    const counted = rows.map((r) => ({ ...r, online: Number(r.online), total: Number(r.total) }));
    return memoryList(counted, request.query as Record<string, unknown>, ONLINE_LIST);
  });

  app.get('/statistics/unique-devices', { preHandler: requirePermission('view_statistics') }, async (request) => {
    const rows = await devices(actorOf(request))
      .innerJoin('companies as c', 'c.id', 'd.company_id')
      .select([
        'c.id as company_id',
        'c.name as company_name',
        sql<number>`count(distinct d.serial)`.as('unique_devices'),
      ])
      .groupBy('c.id')
      .orderBy('c.id')
      .execute();
    return list(rows, rows.length);
  });

  app.get('/statistics/connection-manager', { preHandler: requirePermission('view_device_logs') }, async (request) => {
    const rows = await devices(actorOf(request))
      .select([
        sql<string>`coalesce(d.connection_type, 'Unknown')`.as('connection_type'),
        sql<number>`count(*)`.as('devices'),
      ])
      .groupBy(sql`coalesce(d.connection_type, 'Unknown')`)
      .orderBy('devices', 'desc')
      .execute();
    return list(rows, rows.length);
  });
}
