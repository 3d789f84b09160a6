import type { TestProject } from 'vitest/node';
import { createDatabase, databaseUrl, dropRun, newRunId } from './postgres';
import { TEMPLATE_FLEETS, prepareTemplate, type Templates } from './templates';

// Global setup of the PostgreSQL test project: migrated and seeded template
// databases per run (one per common fleet size); each test server starts on a copy of it
// (CREATE DATABASE … TEMPLATE), so no test file migrates or seeds again.

declare module 'vitest' {
  export interface ProvidedContext {
    postgresRun: string;
    /** Template database names by fleet size. */
    postgresTemplates: Templates;
  }
}

export default async function setup(project: TestProject) {
  const run = newRunId();
  const templates: Templates = {};
  for (const devices of TEMPLATE_FLEETS) {
    templates[devices] = await createDatabase(run);
    await prepareTemplate(databaseUrl(templates[devices]), devices);
  }
  project.provide('postgresRun', run);
  project.provide('postgresTemplates', templates);
  return () => dropRun(run);
}
