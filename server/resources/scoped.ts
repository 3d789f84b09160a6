import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import type { AnySelect } from '../http/list-query';

// Tenancy in queries: restrict a company column to the caller's companies.

export function scoped<Q extends AnySelect>(qb: Q, actor: Actor, column: string): Q {
  if (actor.companyIds === null) return qb;
  return qb.where(sql.ref(column), 'in', actor.companyIds) as Q;
}

/** A boolean column as true/false in API output. */
export const bool = (v: unknown) => v === 1 || v === true;
