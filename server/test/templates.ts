import type { AppOptions } from '../app';
import { openDatabase } from '../db/open';
import { migrateDatabase, seedIfEmpty } from '../db/prepare';
import { TEST_PASSWORD_COST } from '../auth/password';
import { TEST_DEVICES } from './postgres';

// The seeded template databases of a test run: the global set-ups migrate and
// seed one per common fleet size, and each test server starts on a copy of
// the one for its fleet size, so no test file migrates or seeds again.

/** The fleet sizes the test servers ask for. */
export const TEMPLATE_FLEETS = [TEST_DEVICES, 10];

/** Template databases (an SQLite file or a PostgreSQL database name) by fleet size. */
export type Templates = Record<number, string>;

/** Migrates and seeds the database at `target` (an SQLite file or a postgres:// URL) as a template for `devices`. */
export async function prepareTemplate(target: string, devices: number): Promise<void> {
  const handle = openDatabase(target);
  try {
    await migrateDatabase(handle.db);
    await seedIfEmpty(handle.db, { devices, passwordCost: TEST_PASSWORD_COST });
  } finally {
    await handle.close();
  }
}

/** The template a server with `options` starts on, or none when it seeds otherwise (its own password cost, a fleet size without a template). */
export const templateFor = (templates: Templates, options: Partial<AppOptions>): string | undefined =>
  'passwordCost' in options ? undefined : templates[options.devices ?? TEST_DEVICES];
