import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField, assertTenancy, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { done, notFound, ok } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { routeId } from '../services/ids';
import { listRoute } from './list-route';
import { scoped } from './scoped';

// VPN hubs and quick-connect hubs (quick_hub = 1).

export function hubSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(
        app.ctx.db.selectFrom('vpn_hubs as h').innerJoin('companies as c', 'c.id', 'h.company_id'),
        actor,
        'h.company_id',
      ),
    idColumn: 'h.id',
    fields: {
      id: 'h.id',
      name: 'h.name',
      quick_hub: 'h.quick_hub',
      bytes_used: 'h.bytes_used',
      enabled: 'h.enabled',
      status: 'h.enabled',
      company_id: 'h.company_id',
      company_name: 'c.name',
      port: 'h.port',
      created_at: 'h.created_at',
      updated_at: 'h.updated_at',
    },
    search: ['name'],
    defaultSort: '-id',
    filters: { company_id: 'h.company_id', enabled: 'h.enabled', quick_hub: 'h.quick_hub' },
    map: (row) => ({ ...row, tags: [] }),
  };
}

export default async function vpnHubs(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  listRoute(app, '/vpn/hubs', 'view_vpn_hubs', (actor) => hubSpec(app, actor));

  app.get('/vpn/hubs/:id', { preHandler: requirePermission('view_vpn_hubs') }, async (request) => {
    const { data } = await runList(hubSpec(app, actorOf(request)), { id: String(routeId(request.params)), limit: '1' });
    if (!data[0]) throw notFound('VPN hub not found.');
    return ok(data[0]);
  });

  // The new-vpn-hub form is enforced: the permission first, then the document's checks.
  app.post(
    '/vpn/hubs',
    guard(app, { permission: 'manage_vpn_hubs', form: true }),
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.form as { name: string; company_id: number; quick_hub?: boolean };
      const companyId = await assertCompanyField(db, actor, body.company_id);
      const last = await db
        .selectFrom('vpn_hubs')
        .select((eb) => eb.fn.max('port').as('port'))
        .executeTakeFirst();
      const now = ctx.now().toISOString();
      const { id } = await db
        .insertInto('vpn_hubs')
        .values({
          company_id: companyId,
          name: body.name.trim(),
          quick_hub: body.quick_hub ? 1 : 0,
          enabled: 1,
          port: Number(last?.port ?? 1193) + 1,
          bytes_used: 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.status(201).send({ success: true, data: { id }, message: 'VPN hub created successfully' });
    },
  );

  app.delete('/vpn/hubs/:id', { preHandler: requirePermission('manage_vpn_hubs') }, async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    const hub = await db.selectFrom('vpn_hubs').select('company_id').where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, hub?.company_id, 'VPN hub');
    await db.deleteFrom('vpn_hubs').where('id', '=', id).execute();
    return done(undefined, 'VPN hub removed successfully');
  });
}
