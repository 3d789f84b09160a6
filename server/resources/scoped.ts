import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import type { AnySelect } from '../http/list-query';

// Tenancy in queries: restrict a company column to the caller's companies.

export function scoped<Q extends AnySelect>(
  qb: Q,
  actor: Actor,
  column: string,
  options: { noIndex?: boolean } = {},
): Q {
  if (actor.companyIds === null) return qb;
  // Unary plus keeps the planner from choosing the company index (portable SQL),
  // so a page ordered by id walks the primary key and stops after `limit` rows.
  const ref = options.noIndex ? sql`+${sql.ref(column)}` : sql.ref(column);
  return qb.where(ref, 'in', actor.companyIds) as Q;
}

/** A boolean column as true/false in API output. */
export const bool = (v: unknown) => v === 1 || v === true;
