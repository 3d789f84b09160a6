import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { invalid } from '../http/envelope';
import type { ListSpec } from '../http/list-query';
import { BYTES_PER_DATA_CREDIT, balance, consume, warnIfLow } from '../services/credits';
import { listRoute } from './list-route';
import { scoped } from './scoped';

// Company data purchase (1 credit = 2 GB) from the caller's company data
// resources (paid first), and the purchase history.

function historySpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(
        app.ctx.db
          .selectFrom('company_data_history as h')
          .innerJoin('companies as c', 'c.id', 'h.company_id')
          .leftJoin('users as u', 'u.id', 'h.user_id'),
        actor,
        'h.company_id',
      ),
    idColumn: 'h.id',
    fields: {
      id: 'h.id',
      user_id: 'h.user_id',
      data: 'h.data',
      credits_used: 'h.credits_used',
      company_id: 'h.company_id',
      company: 'c.name',
      company_name: 'c.name',
      user: 'u.username',
      email: 'u.email',
      created_at: 'h.created_at',
    },
    search: ['company', 'email'],
    defaultSort: '-id',
    filters: { company_id: 'h.company_id' },
  };
}

export default async function companyData(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  listRoute(app, '/companies/data/history', 'view_company_data_history', (actor) => historySpec(app, actor));

  // `credits` as the OpenAPI types it (an integer) or as the console's form sends it (its digits as text).
  const purchase = guard(app, { permission: 'purchase_company_data', form: true, mfa: true });
  const creditsAsText = async (request: FastifyRequest) => {
    const body = request.body as Record<string, unknown> | undefined;
    if (body && Number.isSafeInteger(body.credits)) body.credits = String(body.credits);
  };
  app.post(
    '/companies/data',
    { ...purchase, preHandler: [creditsAsText, ...purchase.preHandler] },
    async (request, reply) => {
      const actor = actorOf(request);
      const companyId = await assertCompanyField(db, actor, request.form!.company_id);
      const digits = String(request.form!.credits).replace(/^0+/, '');
      if (!/^\d{1,14}$/.test(digits)) throw invalid(['credits', 'The credit count must be at least 1.']);
      const credits = Number(digits);
      const types = await db
        .selectFrom('credit_types')
        .selectAll()
        .where('license_type', '=', 'data')
        .orderBy('payment_type', 'desc')
        .execute();
      const typeIds = types.map((t) => t.id);
      const before = await balance(db, actor.company.id, typeIds);
      const bytes = credits * BYTES_PER_DATA_CREDIT;
      const after = await db.transaction().execute(async (trx) => {
        const rest = await consume(trx, actor.company.id, typeIds, credits, 'credits');
        await trx
          .updateTable('companies')
          .set((eb) => ({ remaining_data: eb('remaining_data', '+', bytes) }))
          .where('id', '=', companyId)
          .execute();
        await trx
          .insertInto('company_data_history')
          .values({
            company_id: companyId,
            user_id: actor.user.id,
            data: bytes,
            credits_used: credits,
            created_at: ctx.now().toISOString(),
          })
          .execute();
        return rest;
      });
      const paid = types.find((t) => t.payment_type === 'paid') ?? types[0];
      await warnIfLow(ctx, actor.company.id, paid, before, after);
      return reply.status(201).send({
        success: true,
        data: { company_id: companyId, credits, data: bytes },
        message: 'Company data added successfully',
      });
    },
  );
}
