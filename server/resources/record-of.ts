import type { Kysely } from 'kysely';
import type { Actor } from '../auth/actor';
import { assertTenancy } from '../auth/guards';
import type { Database } from '../db/types';

// One record (the records table holds reports, automations, task groups,
// templates and the other kinds a page keeps) as a route loads it by id.

const COLUMNS = ['id', 'company_id', 'name', 'status', 'details', 'created_at'] as const;

/** A record of a kind within the caller's companies; a 404 ("<what> not found.") when it is missing or another's. */
export async function recordOf(db: Kysely<Database>, actor: Actor, kind: string, id: number, what?: string) {
  const record = await db
    .selectFrom('records')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  assertTenancy(actor, record?.company_id, what);
  return record!;
}
