import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { apiTimestamp } from '../openapi/conform';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField, hasPermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { invalid } from '../http/envelope';
import type { ListSpec } from '../http/list-query';
import { addPool, balance, consume, resolveCreditType, warnIfLow } from '../services/credits';
import { amountField } from '../services/ids';
import { companyAdmins, notify } from '../services/notify';
import { listRoute } from './list-route';
import { bool, scoped } from './scoped';

// Credit (transfer) codes: create from a company's resources, activate once
// into the caller's company (answering the amount).

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () =>
  Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')).join(
    '-',
  );

function codeSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(
        app.ctx.db
          .selectFrom('credit_codes as k')
          .innerJoin('credit_types as t', 't.id', 'k.credit_type_id')
          .innerJoin('companies as c', 'c.id', 'k.company_id')
          .leftJoin('companies as u', 'u.id', 'k.used_by_company_id'),
        actor,
        'k.company_id',
      ),
    idColumn: 'k.id',
    fields: {
      id: 'k.id',
      code: 'k.code',
      company_id: 'k.company_id',
      company_name: 'c.name',
      email: 'k.email',
      credits_amount: 'k.amount',
      amount: 'k.amount',
      credit_type: 't.name',
      credit_type_name: 't.name',
      credit_type_id: 'k.credit_type_id',
      comment: 'k.comment',
      is_used: 'k.is_used',
      state: sql`case when k.is_used = 1 then 'Used' else 'Not Used' end`,
      used_by_company_id: 'k.used_by_company_id',
      used_by_company_name: 'u.name',
      used_by_user_id: 'k.used_by_user_id',
      activated_at: 'k.activated_at',
      created_at: 'k.created_at',
    },
    search: ['code', 'comment', 'email'],
    defaultSort: '-id',
    filters: { company_id: 'k.company_id', is_used: 'k.is_used' },
    map: (row) => ('is_used' in row ? { ...row, is_used: bool(row.is_used) } : row),
  };
}

export default async function creditCodes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  listRoute(app, '/credits/codes', 'view_credit_transfer_codes', (actor) => codeSpec(app, actor));

  app.post(
    '/credits/codes',
    guard(app, { permission: 'create_credit_transfer_codes', form: true, mfa: true }),
    async (request, reply) => {
      const actor = actorOf(request);
      const form = request.form!;
      const superAdmin = hasPermission(actor, 'super_admin');
      // The same choice the console offers: everybody but a super admin gives paid resources only.
      const type = await resolveCreditType(db, form.credit_type_name, superAdmin);
      // "From company" is a super admin's choice; everybody else gives from the own company.
      const companyId = superAdmin ? await assertCompanyField(db, actor, form.company_id) : actor.company.id;
      const amount = amountField(form.amount, 'amount');
      const before = await balance(db, companyId, [type.id]);
      const code = newCode();
      const after = await db.transaction().execute(async (trx) => {
        const rest = await consume(trx, companyId, [type.id], amount, 'amount');
        await trx
          .insertInto('credit_codes')
          .values({
            code,
            company_id: companyId,
            credit_type_id: type.id,
            amount,
            comment: form.comment ? String(form.comment) : null,
            email: actor.user.email,
            is_used: 0,
            used_by_company_id: null,
            used_by_user_id: null,
            activated_at: null,
            created_at: ctx.now().toISOString(),
          })
          .execute();
        return rest;
      });
      await warnIfLow(ctx, companyId, type, before, after);
      return reply.status(201).send({
        success: true,
        data: { code, amount, credit_type_name: type.name },
        meta: { credit_code: code },
        message: 'Credit code created successfully',
      });
    },
  );

  app.post(
    '/credits/codes/activate',
    guard(app, { permission: 'activate_credit_transfer_codes', form: true }),
    async (request) => {
      const actor = actorOf(request);
      const text = String(request.form!.code).trim().toUpperCase();
      const code = await db
        .selectFrom('credit_codes as k')
        .innerJoin('credit_types as t', 't.id', 'k.credit_type_id')
        .select(['k.id', 'k.amount', 'k.is_used', 'k.company_id', 'k.credit_type_id', 't.name as type_name'])
        .where('k.code', '=', text)
        .executeTakeFirst();
      if (!code) throw invalid(['code', 'The code is invalid.']);
      if (code.is_used) throw invalid(['code', 'The code has already been used.']);
      const now = ctx.now().toISOString();
      const pool = await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('credit_codes')
          .set({ is_used: 1, used_by_company_id: actor.company.id, used_by_user_id: actor.user.id, activated_at: now })
          .where('id', '=', code.id)
          .where('is_used', '=', 0)
          .executeTakeFirst();
        if (!Number(claimed.numUpdatedRows)) throw invalid(['code', 'The code has already been used.']);
        return addPool(trx, ctx, {
          company_id: actor.company.id,
          credit_type_id: code.credit_type_id,
          credit_count: code.amount,
        });
      });
      const summary = `Code ${text} was activated by ${actor.company.name} (${code.amount} ${code.type_name}).`;
      await notify(
        ctx,
        [...(await companyAdmins(ctx, code.company_id)), actor.user.id],
        'creditCodeActivation',
        summary,
      );
      // The vendor's answer: the resource pool the code added (its licence names), and the amount.
      const added = await db.selectFrom('credits').selectAll().where('id', '=', pool.id).executeTakeFirstOrThrow();
      return {
        success: true,
        data: [
          {
            id: added.id,
            company_id: added.company_id,
            user_id: actor.user.id,
            license_type_id: added.credit_type_id,
            licence_type: code.type_name,
            licence_price: added.credit_price,
            pro_form_nr: added.pro_form_nr,
            licence_count: added.credit_count,
            licence_left: added.credit_left,
            licence_reserved: 0,
            // Written as the vendor writes its dates (the OpenAPI gives this one no format).
            buy_date: apiTimestamp(added.assigned_at),
            expire_at: added.expire_at,
            created_at: added.assigned_at,
            updated_at: added.assigned_at,
            deleted_at: null,
          },
        ],
        meta: { amount: code.amount },
        message: `${code.amount} ${code.type_name} resources added to ${actor.company.name}`,
      };
    },
  );
}
