import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { inject } from 'vitest';
import { openDatabase } from '../db/open';
import type { Database } from '../db/types';
import { createDatabase, databaseUrl, dropDatabase, usesPostgres } from './postgres';
import { templateFor } from './templates';

// The database of the test project for a server process or command: a
// PostgreSQL database created for the test in the postgres project, an SQLite
// file in the sqlite one; empty, or a copy of the run's seeded template.

export interface ProjectDatabase {
  /** The SQLite file or the PostgreSQL URL (what openDatabase opens). */
  target: string;
  /** How a server process or command is told of it: DB_FILE or DATABASE_URL. */
  env: Record<string, string>;
  /** The PostgreSQL database's name. */
  postgresName?: string;
  /** Drops the PostgreSQL database (the SQLite file goes with the test's folder). */
  drop(): Promise<void>;
}

/** A database for the test; `file` names the SQLite file in `dir`. */
export async function projectDatabase(dir: string, file: string, { seeded = false } = {}): Promise<ProjectDatabase> {
  if (usesPostgres()) {
    const template = seeded ? templateFor(inject('postgresTemplates'), {}) : undefined;
    const name = await createDatabase(inject('postgresRun'), template);
    const target = databaseUrl(name);
    return { target, env: { DATABASE_URL: target }, postgresName: name, drop: () => dropDatabase(name) };
  }
  const target = path.join(dir, file);
  if (seeded) fs.copyFileSync(templateFor(inject('sqliteTemplates'), {})!, target);
  return { target, env: { DB_FILE: target }, drop: async () => undefined };
}

/** Runs `work` on a connection of its own to the database `target` (an SQLite file or a PostgreSQL URL). */
export async function inDatabase<T>(target: string, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const { db, close } = openDatabase(target, { poolSize: 1 });
  try {
    return await work(db);
  } finally {
    await close();
  }
}
