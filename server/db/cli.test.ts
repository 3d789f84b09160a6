import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import accounts from '../../fixtures/accounts.json';
import companies from '../../fixtures/companies.json';
import permissions from '../../fixtures/permissions.json';
import { migrateDatabase } from './prepare';
import { spawnScript } from '../test/process';
import { inDatabase, projectDatabase, type ProjectDatabase } from '../test/project-database';

// `npm run db:migrate` and `npm run db:seed` (tsx server/db/cli.ts migrate | seed), each started twice at
// once as separate processes on a fresh database of the project (a PostgreSQL database dropped after, or
// an SQLite file): both exit 0 and the database holds the migrations and the fixtures once.

const ROOT = path.resolve(import.meta.dirname, '../..');
const DEVICES = 20;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-db-cli-'));
let database: ProjectDatabase;

beforeAll(async () => {
  database = await projectDatabase(dir, 'fresh.db');
});

afterAll(async () => {
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The command as `npm run db:<command>` runs it; its exit code and output. */
async function cli(...args: string[]) {
  const run = spawnScript('server/db/cli.ts', args, database.env);
  return { code: await run.exited, output: run.output().trim() };
}

/** Starts the command twice at the same time; expects both to exit 0 and answers their output. */
async function twice(...args: string[]): Promise<string[]> {
  const runs = await Promise.all([cli(...args), cli(...args)]);
  expect(
    runs.map((run) => run.code),
    runs.map((run) => run.output).join('\n---\n'),
  ).toEqual([0, 0]);
  return runs.map((run) => run.output);
}

const migrationNames = (at = database.target) =>
  inDatabase(at, async (db) => {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    return rows.map((row) => row.name);
  });

const count = (table: string) =>
  inDatabase(database.target, async (db) => {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    return Number(rows[0].n);
  });

/**
 * A process that holds the database-wide lock (`exclusively`) for `holdMs`, printing when its work starts and
 * ends (epoch ms); answers its output once it has started the work, and its exit.
 */
function holdLock(holdMs: number) {
  const script = path.join(dir, 'hold-lock.mts');
  fs.writeFileSync(
    script,
    `import { openDatabase } from ${JSON.stringify(path.join(ROOT, 'server/db/open.ts'))};
import { exclusively } from ${JSON.stringify(path.join(ROOT, 'server/db/dialect.ts'))};
const { db, close } = openDatabase(${JSON.stringify(database.target)}, { poolSize: 2 });
await exclusively(db, 'fleet-console:test', async () => {
  console.log('start', Date.now());
  await new Promise((resolve) => setTimeout(resolve, ${holdMs}));
  console.log('end', Date.now());
});
await close();
`,
  );
  const run = spawnScript(script, [], {});
  /** The epoch ms of its lines `start <ms>` and `end <ms>`. */
  const times = () =>
    Object.fromEntries(
      [...run.output().matchAll(/^(start|end) (\d+)$/gm)].map(([, what, at]) => [what, Number(at)]),
    ) as Record<string, number>;
  const exited = run.exited.then(times);
  const started = new Promise<void>((resolve, reject) => {
    run.child.stdout!.on('data', () => 'start' in times() && resolve());
    void exited.then(() => reject(new Error(`ended before its work started: ${run.output()}`)));
  });
  return { started, exited };
}

describe('the database-wide lock of migrating and seeding', { timeout: 60_000 }, () => {
  it('lets a second process start its work only once the first has ended its own', async () => {
    const first = holdLock(1500);
    await first.started;
    const second = holdLock(0);
    const [one, two] = await Promise.all([first.exited, second.exited]);
    expect(two.start).toBeGreaterThanOrEqual(one.end);
  });
});

describe('npm run db:migrate and db:seed started from several instances at once', { timeout: 120_000 }, () => {
  it('migrates a fresh database once when two start together', async () => {
    expect(await twice('migrate')).toEqual(['Migrations applied.', 'Migrations applied.']);
    // Each migration recorded once, as one migration of an empty (SQLite) database in this process records them.
    const reference = path.join(dir, 'reference.db');
    await inDatabase(reference, migrateDatabase);
    const once = await migrationNames(reference);
    expect(once.length).toBeGreaterThan(0);
    expect(await migrationNames()).toEqual(once);
    expect(await count('companies')).toBe(0);
  });

  it('seeds it once when two start together: one seeds, the other finds it seeded', async () => {
    const outputs = await twice('seed', '--devices', String(DEVICES));
    expect(outputs.sort()).toEqual(['Database already seeded.', 'Database seeded.']);
    expect(await count('companies')).toBe(companies.length);
    expect(await count('permissions')).toBe(permissions.length);
    expect(await count('users')).toBe(accounts.users.length);
    expect(await count('devices')).toBe(DEVICES);
    const emails = await inDatabase(database.target, async (db) =>
      (await db.selectFrom('users').select('email').orderBy('email').execute()).map((user) => user.email),
    );
    expect(emails).toEqual(accounts.users.map((user) => user.email).sort());
  });
});
