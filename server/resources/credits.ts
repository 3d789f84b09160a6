import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField, assertTenancy, hasPermission, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { done, invalid, ok } from '../http/envelope';
import type { ListSpec } from '../http/list-query';
import { addPool, balance, consume, offeredCreditType, resolveCreditType, warnIfLow } from '../services/credits';
import { amountField, idField } from '../services/ids';
import { recordMove } from './credits-history';
import { listRoute } from './list-route';
import { memoryList } from './pages-memory-list';
import { scoped } from './scoped';

// Resources (credits): pools, types, summary, add (super admin), move
// between companies without overdraw.

const PRICED_TYPE_IDS = [2, 4, 6, 8, 10];
/** The credit types list: limit, offset, q and sort as every list (the lookup pages through it 100 at a time). */
const CREDIT_TYPE_LIST = {
  sortable: ['id', 'name', 'credit_type', 'payment_type', 'license_type'],
  search: ['name', 'credit_type'],
  defaultSort: 'id',
};

function poolSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(
        app.ctx.db
          .selectFrom('credits as cr')
          .innerJoin('credit_types as t', 't.id', 'cr.credit_type_id')
          .innerJoin('companies as c', 'c.id', 'cr.company_id')
          .leftJoin('companies as p', 'p.id', 'c.parent_id'),
        actor,
        'cr.company_id',
      ),
    idColumn: 'cr.id',
    fields: {
      id: 'cr.id',
      company_id: 'cr.company_id',
      company_name: 'c.name',
      parent_company_name: 'p.name',
      credit_type: 't.payment_type',
      payment_type: 't.payment_type',
      credit_type_name: 't.credit_type',
      credit_type_title: 't.name',
      license_type: 't.license_type',
      credit_type_id: 'cr.credit_type_id',
      credit_price: 'cr.credit_price',
      pro_form_nr: 'cr.pro_form_nr',
      credit_count: 'cr.credit_count',
      credit_left: 'cr.credit_left',
      credit_reserved: sql`0`,
      expire_at: 'cr.expire_at',
      assigned_at: 'cr.assigned_at',
    },
    search: ['company_name', 'credit_type_title', 'pro_form_nr'],
    defaultSort: '-id',
    filters: { company_id: 'cr.company_id', credit_type_id: 'cr.credit_type_id', payment_type: 't.payment_type' },
  };
}

export default async function credits(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  listRoute(app, '/credits', 'view_credits', (actor) => poolSpec(app, actor));

  app.get(
    '/credits/types',
    {
      preHandler: requirePermission(
        ['view_credits', 'view_credit_transfer_codes', 'activate_credit_transfer_codes'],
        'some',
      ),
    },
    async (request) => {
      const rows = await db.selectFrom('credit_types').selectAll().execute();
      return memoryList(rows, request.query as Record<string, unknown>, CREDIT_TYPE_LIST);
    },
  );

  app.get('/credits/summary', { preHandler: requirePermission('view_credits_summary') }, async (request) => {
    const actor = actorOf(request);
    const q = request.query as { company_id?: string };
    const companyId = q.company_id ? Number(q.company_id) : actor.company.id;
    assertTenancy(actor, companyId, 'Company');
    const left = await db
      .selectFrom('credit_types as t')
      .leftJoin('credits as cr', (join) =>
        join.onRef('cr.credit_type_id', '=', 't.id').on('cr.company_id', '=', companyId),
      )
      .select([
        't.id as credit_type_id',
        't.credit_type',
        't.name as credit_type_name',
        't.payment_type',
        sql<number>`coalesce(sum(cr.credit_left), 0)`.as('credits_left'),
        sql<number>`coalesce(sum(cr.credit_count), 0)`.as('credits_count'),
      ])
      .groupBy('t.id')
      .orderBy('t.id')
      .execute();
    const devices = await db
      .selectFrom('devices')
      .select([sql<number>`count(*)`.as('total'), sql<number>`coalesce(sum(credit_enabled), 0)`.as('monitored')])
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    const monitored = Number(devices.monitored);
    // Coverage: until when the management resources left keep the monitored devices on (1 credit = 1 device-month).
    const management = left
      .filter((l) => l.credit_type !== 'data_150GB_10y')
      .reduce((n, l) => n + Number(l.credits_left), 0);
    const coverage = monitored
      ? new Date(ctx.now().getTime() + Math.floor(management / monitored) * 30 * 86400_000).toISOString()
      : null;
    return ok({
      credits: {
        left: left.map(({ credits_count: _c, ...row }) => ({ ...row, credits_left: Number(row.credits_left) })),
        total: left.map((row) => ({
          credit_type: row.credit_type,
          credit_type_name: row.credit_type_name,
          credits_count: Number(row.credits_count),
        })),
      },
      monitored_device: { monitored, total: Number(devices.total) },
      credit_coverage: coverage,
    });
  });

  app.post('/credits', guard(app, { permission: 'create_credits', form: true }), async (request, reply) => {
    const actor = actorOf(request);
    const form = request.form!;
    const typeId = idField(form.credit_type_id, 'credit_type_id', 'resource type');
    const type = await db.selectFrom('credit_types').selectAll().where('id', '=', typeId).executeTakeFirst();
    if (!type) throw invalid(['credit_type_id', 'The selected resource type is invalid.']);
    offeredCreditType(type, hasPermission(actor, 'super_admin'), 'credit_type_id');
    const companyId = await assertCompanyField(db, actor, form.company_id);
    const count = amountField(form.credit_count, 'credit_count', 'resource count');
    const priced = PRICED_TYPE_IDS.includes(typeId);
    if (priced && (form.credit_price === undefined || form.credit_price === null || form.credit_price === '')) {
      throw invalid(['credit_price', 'The credit price field is required.']);
    }
    if (priced && !form.pro_form_nr) throw invalid(['pro_form_nr', 'The pro form number field is required.']);
    const { id } = await addPool(db, ctx, {
      company_id: companyId,
      credit_type_id: typeId,
      credit_count: count,
      credit_price: priced ? Number(form.credit_price) : null,
      pro_form_nr: priced ? String(form.pro_form_nr) : null,
    });
    return reply.status(201).send({ success: true, data: { id }, message: 'Resources added successfully' });
  });

  app.post('/credits/move', guard(app, { permission: 'move_credits', form: true, mfa: true }), async (request) => {
    const actor = actorOf(request);
    const form = request.form!;
    const type = await resolveCreditType(db, form.credit_type_name, hasPermission(actor, 'super_admin'));
    const source = await assertCompanyField(db, actor, idField(form.source, 'source', 'source company'), 'source');
    const target = await assertCompanyField(db, actor, idField(form.target, 'target', 'target company'), 'target');
    if (source === target) throw invalid(['target', 'The target company must differ from the source company.']);
    const amount = amountField(form.amount, 'amount');
    const before = await balance(db, source, [type.id]);
    const after = await db.transaction().execute(async (trx) => {
      const rest = await consume(trx, source, [type.id], amount, 'amount');
      const pool = await addPool(trx, ctx, { company_id: target, credit_type_id: type.id, credit_count: amount });
      await recordMove(trx, ctx, { from: source, to: target, count: amount, poolId: pool.id, userId: actor.user.id });
      return rest;
    });
    await warnIfLow(ctx, source, type, before, after);
    return done({ moved: amount, source_left: after }, 'Resources moved successfully');
  });
}
