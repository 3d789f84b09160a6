import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { jsonInteger } from '../db/dialect';
import { DATE, dateRange } from '../http/date-range';
import { ok } from '../http/envelope';
import { apiTimestamp } from '../openapi/conform';
import { CREDIT_ACTIONS } from '../services/credit-log';
import { routeId } from '../services/ids';
import { renderPdf, type PdfContent } from '../services/pdf';
import { listRoute } from './list-route';
import { scoped } from './scoped';

// The credit history and reports of the RMS API: the device credit log
// (GET /credits/history), and a company's credit report over a period, as
// JSON and as a PDF (credits moved to child companies, the device credit
// log, transfer codes made, company data bought), and one pool's report
// with its log as a PDF.

const PERIOD = {
  type: 'object',
  required: ['company_id', 'start_date', 'end_date'],
  properties: {
    company_id: { type: 'string', pattern: '^[1-9]\\d{0,9}$' },
    start_date: { type: 'string', pattern: DATE.source },
    end_date: { type: 'string', pattern: DATE.source },
  },
} as const;

/** The ids of a filter's values (-1, matching nothing, when none is one). */
const numbers = (values: string[]) => {
  const ids = values.map(Number).filter(Number.isSafeInteger);
  return ids.length ? ids : [-1];
};
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const text = (value: unknown) => (value === null || value === undefined ? '—' : String(value));

export default async function creditsReports(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const view = { preHandler: requirePermission('view_credits') };
  const logDevice = jsonInteger(db, 'r.details', 'device_id');
  const logUser = jsonInteger(db, 'r.details', 'user_id');
  const logPool = jsonInteger(db, 'r.details', 'pool_id');
  const logAction = jsonInteger(db, 'r.details', 'action_type');

  /** The device credit log, with device and user (gone devices and users leave their fields out). */
  const creditLog = () =>
    db
      .selectFrom('records as r')
      .innerJoin('companies as c', 'c.id', 'r.company_id')
      .leftJoin('devices as d', (join) => join.on(sql`d.id`, '=', logDevice))
      .leftJoin('users as u', (join) => join.on(sql`u.id`, '=', logUser))
      .where('r.kind', '=', 'credit_log');

  listRoute(app, '/credits/history', 'view_credits', (actor) => ({
    from: () => scoped(creditLog(), actor, 'r.company_id'),
    idColumn: 'r.id',
    fields: {
      id: 'r.id',
      user_id: logUser,
      company: 'c.name',
      user: 'u.username',
      serial: 'd.serial',
      mac: 'd.mac',
      action_type: logAction,
      created_at: 'r.created_at',
    },
    hidden: ['id'],
    search: ['company', 'user', 'serial', 'mac'],
    sortable: ['id', 'created_at'],
    defaultSort: '-id',
    filters: {
      device_id: (values) => sql`${logDevice} in (${sql.join(numbers(values))})`,
      pool_id: (values) => sql`${logPool} in (${sql.join(numbers(values))})`,
    },
  }));

  /** A company's credit report over the period of the query (the company one of the caller's). */
  async function companyReport(actor: Actor, query: Record<string, string>) {
    const companyId = Number(query.company_id);
    assertTenancy(actor, companyId, 'Company');
    const [from, to] = dateRange(query as { start_date: string; end_date: string });
    const inPeriod = (column: string) => [
      sql<boolean>`${sql.ref(column)} >= ${from}`,
      sql<boolean>`${sql.ref(column)} < ${to}`,
    ];
    const [movedFrom, movedTo] = inPeriod('r.created_at');
    const moves = await db
      .selectFrom('records as r')
      .innerJoin('companies as t', (join) => join.on(sql`t.id`, '=', jsonInteger(db, 'r.details', 'to_company_id')))
      .select(['t.id as to_company_id', 't.name as company_name', jsonInteger(db, 'r.details', 'count').as('count')])
      .where('r.kind', '=', 'credit_move')
      .where('r.company_id', '=', companyId)
      .where(movedFrom)
      .where(movedTo)
      .orderBy('r.id')
      .execute();
    const logs = await creditLog()
      .select([
        'd.mac as device_mac',
        'd.serial as device_serial',
        logPool.as('pool_id'),
        logAction.as('action_id'),
        'r.created_at',
        'u.username',
      ])
      .where('r.company_id', '=', companyId)
      .where(movedFrom)
      .where(movedTo)
      .orderBy('r.id')
      .execute();
    const [codeFrom, codeTo] = inPeriod('created_at');
    const codes = await db
      .selectFrom('credit_codes')
      .select(['amount', 'code', 'is_used', 'used_by_company_id', 'created_at'])
      .where('company_id', '=', companyId)
      .where(codeFrom)
      .where(codeTo)
      .orderBy('id')
      .execute();
    const purchases = await db
      .selectFrom('company_data_history')
      .select(['id', 'data', 'credits_used', 'company_id', 'user_id', 'created_at'])
      .where('company_id', '=', companyId)
      .where(codeFrom)
      .where(codeTo)
      .orderBy('id')
      .execute();
    const childCredits = await db
      .selectFrom('credits as cr')
      .innerJoin('companies as c', 'c.id', 'cr.company_id')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('cr.credit_left'), eb.lit(0)).as('left'))
      .where('c.parent_id', '=', companyId)
      .executeTakeFirstOrThrow();
    const child_pools = moves.map((m) => ({ ...m, count: Number(m.count) }));
    const pool_logs = logs.map((log) => ({
      ...log,
      action: CREDIT_ACTIONS[Number(log.action_id)] ?? 'Credit used',
      created_at: apiTimestamp(log.created_at),
    }));
    const transfer_codes = codes.map((c) => ({ ...c, pool_amount: c.amount, created_at: apiTimestamp(c.created_at) }));
    const data_purchase = purchases.map(({ data, ...p }) => ({
      ...p,
      bytes_purchased: Number(data),
      created_at: apiTimestamp(p.created_at),
    }));
    return {
      totals: {
        child_pools: sum(child_pools.map((m) => m.count)),
        child_company_credits: Number(childCredits.left),
        pool_logs: pool_logs.length,
        credits_for_devices: pool_logs.filter((log) => log.action_id === 1).length,
        transfer_codes_credits: sum(transfer_codes.map((c) => c.amount)),
        data_purchase: sum(data_purchase.map((p) => p.credits_used)),
      },
      child_pools,
      pool_logs,
      transfer_codes,
      data_purchase,
    };
  }

  const sendPdf = async (reply: FastifyReply, name: string, content: PdfContent) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}.pdf"`)
      .send(await renderPdf(content, ctx.now()));

  app.get('/credits/report/json', { ...view, schema: { querystring: PERIOD } }, async (request) =>
    ok(await companyReport(actorOf(request), request.query as Record<string, string>)),
  );

  app.get('/credits/report', { ...view, schema: { querystring: PERIOD } }, async (request, reply) => {
    const query = request.query as Record<string, string>;
    const report = await companyReport(actorOf(request), query);
    const company = await db
      .selectFrom('companies')
      .select('name')
      .where('id', '=', Number(query.company_id))
      .executeTakeFirst();
    return sendPdf(reply, `credits-${query.company_id}`, {
      title: `Credit report: ${company?.name ?? query.company_id}`,
      subtitle: `${query.start_date} to ${query.end_date}`,
      sections: [
        { heading: 'Totals', lines: Object.entries(report.totals).map(([k, v]): [string, string] => [k, String(v)]) },
        {
          heading: 'Credits moved to child companies',
          columns: ['Company', 'Credits'],
          rows: report.child_pools.map((m) => [m.company_name, String(m.count)]),
          empty: 'None',
        },
        {
          heading: 'Device credit log',
          columns: ['Time', 'Device', 'Action', 'User'],
          rows: report.pool_logs.map((l) => [l.created_at, text(l.device_serial), l.action, text(l.username)]),
          empty: 'None',
        },
        {
          heading: 'Transfer codes',
          columns: ['Time', 'Credits', 'Used'],
          rows: report.transfer_codes.map((c) => [c.created_at, String(c.amount), c.is_used ? 'yes' : 'no']),
          empty: 'None',
        },
        {
          heading: 'Company data purchases',
          columns: ['Time', 'Bytes', 'Credits'],
          rows: report.data_purchase.map((p) => [p.created_at, String(p.bytes_purchased), String(p.credits_used)]),
          empty: 'None',
        },
      ],
    });
  });

  app.get('/credits/:id/report', view, async (request, reply) => {
    const pool = await db
      .selectFrom('credits as cr')
      .innerJoin('credit_types as t', 't.id', 'cr.credit_type_id')
      .innerJoin('companies as c', 'c.id', 'cr.company_id')
      .select(['cr.id', 'cr.company_id', 'c.name as company', 't.name as type', 'cr.credit_count', 'cr.credit_left'])
      .select(['cr.assigned_at', 'cr.expire_at'])
      .where('cr.id', '=', routeId(request.params))
      .executeTakeFirst();
    assertTenancy(actorOf(request), pool?.company_id, 'Credit pool');
    const logs = await creditLog()
      .select(['r.created_at', 'd.serial', 'u.username', logAction.as('action_id')])
      .where(logPool, '=', pool!.id)
      .orderBy('r.id')
      .limit(1000)
      .execute();
    return sendPdf(reply, `credit-pool-${pool!.id}`, {
      title: `Credit pool ${pool!.id}: ${pool!.type}`,
      subtitle: pool!.company,
      sections: [
        {
          heading: 'Pool',
          lines: [
            ['Credits', String(pool!.credit_count)],
            ['Left', String(pool!.credit_left)],
            ['Assigned', apiTimestamp(pool!.assigned_at)],
            ['Expires', pool!.expire_at ? apiTimestamp(pool!.expire_at) : 'never'],
          ],
        },
        {
          heading: 'Device credit log',
          columns: ['Time', 'Device', 'Action', 'User'],
          rows: logs.map((l) => [
            apiTimestamp(l.created_at),
            text(l.serial),
            CREDIT_ACTIONS[Number(l.action_id)] ?? 'Credit used',
            text(l.username),
          ]),
          empty: 'None',
        },
      ],
    });
  });
}
