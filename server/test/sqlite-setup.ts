import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { TEMPLATE_FLEETS, prepareTemplate, type Templates } from './templates';

// Global setup of the SQLite test project: migrated and seeded template files
// per run (one per common fleet size) in a temporary folder; each test server
// starts on a copy of one, so no test file migrates or seeds again.

declare module 'vitest' {
  export interface ProvidedContext {
    /** Template SQLite files by fleet size. */
    sqliteTemplates: Templates;
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-templates-'));
  const templates: Templates = {};
  for (const devices of TEMPLATE_FLEETS) {
    templates[devices] = path.join(dir, `fleet-${devices}.db`);
    await prepareTemplate(templates[devices], devices);
  }
  project.provide('sqliteTemplates', templates);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
