import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Throwaway PostgreSQL databases for the server tests (TEST_DATABASE=postgres).
// TEST_DATABASE_ADMIN_URL is a connection allowed to create databases
// (postgres://postgres@127.0.0.1:5432/postgres); every database the tests
// create is named TEST_DATABASE_PREFIX (fleet_test_) + the run + a random part.

/** The fleet size of a test server unless a test asks for another. */
export const TEST_DEVICES = 120;

export const usesPostgres = () => process.env.TEST_DATABASE === 'postgres';

const adminUrl = () => process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const prefix = () => process.env.TEST_DATABASE_PREFIX ?? 'fleet_test_';

/** The run's part of the database names (one per `vitest run`). */
export const newRunId = () => randomBytes(3).toString('hex');

/** The URL of a database on the admin connection's server. */
export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `work` on the admin connection (the server's maintenance database). */
export async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database (or a copy of `template`) in the C collation, answering its name. */
export async function createDatabase(runId: string, template?: string): Promise<string> {
  const name = `${prefix()}${runId}_${randomBytes(4).toString('hex')}`;
  const source = template ? `template "${template}"` : `template template0 encoding 'UTF8' locale 'C.UTF-8'`;
  await admin((client) => client.query(`create database "${name}" ${source}`));
  return name;
}

export async function dropDatabase(name: string): Promise<void> {
  await admin((client) => client.query(`drop database if exists "${name}" with (force)`));
}

/** Drops every database of the run that a failed test left behind. */
export async function dropRun(runId: string): Promise<void> {
  await admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [`${prefix()}${runId}_`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  });
}
