import type { FastifyInstance } from 'fastify';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { customResource } from '../custom-fields/resources';
import { withCustomFields } from '../custom-fields/values';
import { notFound, ok } from '../http/envelope';
import { runList } from '../http/list-query';
import { companyListSpec, withCompanySortAliases } from './companies-list';
import { listRoute } from './list-route';

export default async function companies(app: FastifyInstance) {
  const { ctx } = app;
  // Each company with its custom fields (server/custom-fields).
  const spec = (actor: Parameters<typeof companyListSpec>[1]) =>
    withCustomFields(
      withCompanySortAliases(companyListSpec(ctx, actor)),
      ctx.db,
      ctx.documents,
      customResource('companies')!,
      [...actor.permissions],
    );
  listRoute(app, '/companies', 'view_companies', (actor) => spec(actor));

  app.get('/companies/:id', async (request) => {
    const actor = actorOf(request);
    const id = Number((request.params as { id: string }).id);
    // Own company always readable (account menu); others need view_companies.
    if (id !== actor.company.id) {
      await requirePermission('view_companies')(request);
      assertTenancy(actor, id, 'Company');
    }
    const { data } = await runList(spec(actor), { id: String(id), limit: '1' });
    if (!data[0]) throw notFound('Company not found.');
    return ok(data[0]);
  });
}
