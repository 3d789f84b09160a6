import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { invalid } from '../http/envelope';

/**
 * Checks that each tag is one of the company's (a record's tags are its company's: a VPN hub's, a remote access
 * entry's); a 422 on tag_id otherwise.
 */
export async function assertCompanyTags(db: Kysely<Database>, companyId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await db
    .selectFrom('tags')
    .select('id')
    .where('id', 'in', ids)
    .where('company_id', '=', companyId)
    .execute();
  if (found.length !== ids.length) throw invalid(['tag_id', 'The selected tags are invalid.']);
}
