import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/types';
import { invalid } from '../http/envelope';
import { companyAdmins, notify } from './notify';
import { lockRows } from '../db/dialect';
import { creditTypesForUser } from '../../engine/domain/credit-types';

// Credit pools: balances per company and type, FIFO consumption, and the
// creditAmountTooLow notification when a balance drops under the threshold.

export const LOW_CREDIT_THRESHOLD = 10;
export const BYTES_PER_DATA_CREDIT = 2 * 1024 ** 3;

type Db = Kysely<Database> | Transaction<Database>;

export interface CreditType {
  id: number;
  name: string;
  credit_type: string;
  payment_type: string;
  license_type: string;
}

/**
 * A resource type the caller may choose (forms spec §6): a super admin any, everybody else a paid one, the same
 * choice the console offers (engine/domain/credit-types). A free type named by anybody else is refused.
 */
export function offeredCreditType(type: CreditType, superAdmin: boolean, source: string): CreditType {
  if (!creditTypesForUser([{ ...type }], superAdmin).length) {
    throw invalid([source, 'The selected resource type is invalid.']);
  }
  return type;
}

/**
 * A credit type by its name as the forms send it: 'Paid Credit', 'Credit' (paid, 'Paid' removed), or the type key;
 * one the caller may choose (offeredCreditType).
 */
export async function resolveCreditType(
  db: Db,
  name: unknown,
  superAdmin: boolean,
  source = 'credit_type_name',
): Promise<CreditType> {
  const text = String(name ?? '')
    .trim()
    .toLowerCase();
  const types = await db.selectFrom('credit_types').selectAll().execute();
  const found =
    types.find((t) => t.name.toLowerCase() === text) ??
    types.find((t) => t.payment_type === 'paid' && t.name.toLowerCase().replace(/^paid /, '') === text) ??
    types.find((t) => t.payment_type === 'paid' && t.credit_type === text) ??
    types.find((t) => String(t.id) === text);
  if (!found) throw invalid([source, 'The selected resource type is invalid.']);
  return offeredCreditType(found, superAdmin, source);
}

export async function balance(db: Db, companyId: number, typeIds: number[]): Promise<number> {
  const row = await db
    .selectFrom('credits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('credit_left'), eb.lit(0)).as('left'))
    .where('company_id', '=', companyId)
    .where('credit_type_id', 'in', typeIds)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

/**
 * Takes `amount` from the company's pools of the types (in the given type
 * order, oldest first) inside the caller's transaction. The pools are read
 * locked (PostgreSQL; an SQLite write transaction has the database to
 * itself), so concurrent moves see each other's takings and never overdraw.
 */
export async function consume(
  trx: Transaction<Database>,
  companyId: number,
  typeIds: number[],
  amount: number,
  source: string,
) {
  const pools = await lockRows(
    trx,
    trx
      .selectFrom('credits')
      .select(['id', 'credit_left', 'credit_type_id'])
      .where('company_id', '=', companyId)
      .where('credit_type_id', 'in', typeIds)
      .where('credit_left', '>', 0)
      .orderBy('id'),
  ).execute();
  const available = pools.reduce((sum, pool) => sum + pool.credit_left, 0);
  if (available < amount) throw invalid([source, `Not enough resources. Available: ${available}.`]);
  pools.sort((a, b) => typeIds.indexOf(a.credit_type_id) - typeIds.indexOf(b.credit_type_id));
  let left = amount;
  for (const pool of pools) {
    if (left === 0) break;
    const take = Math.min(pool.credit_left, left);
    await trx
      .updateTable('credits')
      .set((eb) => ({ credit_left: eb('credit_left', '-', take) }))
      .where('id', '=', pool.id)
      .execute();
    left -= take;
  }
  return available - amount;
}

export async function addPool(
  db: Db,
  ctx: AppContext,
  pool: {
    company_id: number;
    credit_type_id: number;
    credit_count: number;
    credit_price?: number | null;
    pro_form_nr?: string | null;
  },
) {
  return db
    .insertInto('credits')
    .values({
      company_id: pool.company_id,
      credit_type_id: pool.credit_type_id,
      credit_count: pool.credit_count,
      credit_left: pool.credit_count,
      credit_price: pool.credit_price ?? null,
      pro_form_nr: pool.pro_form_nr ?? null,
      assigned_at: ctx.now().toISOString(),
      expire_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** creditAmountTooLow for the company's admins when the balance fell under the threshold. */
export async function warnIfLow(ctx: AppContext, companyId: number, type: CreditType, before: number, after: number) {
  if (after >= LOW_CREDIT_THRESHOLD || before < LOW_CREDIT_THRESHOLD) return;
  const company = await ctx.db
    .selectFrom('companies')
    .select('name')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  await notify(
    ctx,
    await companyAdmins(ctx, companyId),
    'creditAmountTooLow',
    `${company.name} has ${after} ${type.name} resources left.`,
  );
}
