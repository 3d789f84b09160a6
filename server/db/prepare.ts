import type { Kysely } from 'kysely';
import type { Database } from './types';
import { migrate } from './migrations';
import { analyze, exclusively } from './dialect';
import { seedDatabase } from '../seed/fixtures';

// Migrating and first seeding, safe when several instances start at once:
// each runs under a database-wide lock (`exclusively`: a PostgreSQL advisory
// lock, or a lock file beside an SQLite database).

export async function migrateDatabase(db: Kysely<Database>): Promise<void> {
  await exclusively(db, 'fleet-console:migrate', () => migrate(db as Kysely<unknown>));
}

/** Seeds the fixtures into an empty database in one transaction; answers whether it did. */
export async function seedIfEmpty(
  db: Kysely<Database>,
  options: Parameters<typeof seedDatabase>[1] = {},
): Promise<boolean> {
  return exclusively(db, 'fleet-console:seed', async () => {
    if (await db.selectFrom('companies').select('id').limit(1).executeTakeFirst()) return false;
    await db.transaction().execute((trx) => seedDatabase(trx, options));
    await analyze(db);
    return true;
  });
}
