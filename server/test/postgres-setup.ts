import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/open';
import { migrateDatabase, seedIfEmpty } from '../db/prepare';
import { TEST_PASSWORD_COST } from '../auth/password';
import { TEST_DEVICES, createDatabase, databaseUrl, dropRun, newRunId } from './postgres';

/** The fleet sizes the test servers ask for. */
const TEMPLATE_FLEETS = [TEST_DEVICES, 10];

// Global setup of the PostgreSQL test project: migrated and seeded template
// databases per run (one per common fleet size); each test server starts on a copy of it
// (CREATE DATABASE … TEMPLATE), so no test file migrates or seeds again.

declare module 'vitest' {
  export interface ProvidedContext {
    postgresRun: string;
    /** Template database names by fleet size. */
    postgresTemplates: Record<number, string>;
  }
}

export default async function setup(project: TestProject) {
  const run = newRunId();
  const templates: Record<number, string> = {};
  for (const devices of TEMPLATE_FLEETS) {
    templates[devices] = await createDatabase(run);
    const handle = openDatabase(databaseUrl(templates[devices]));
    try {
      await migrateDatabase(handle.db);
      await seedIfEmpty(handle.db, { devices, passwordCost: TEST_PASSWORD_COST });
    } finally {
      await handle.close();
    }
  }
  project.provide('postgresRun', run);
  project.provide('postgresTemplates', templates);
  return () => dropRun(run);
}
