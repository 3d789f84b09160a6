import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { projectDatabase, type ProjectDatabase } from './project-database';
import { removeRedisKeys, TEST_REDIS_URL } from './redis';

// What several instances of the real server (separate processes) share in a
// multi-instance test: one database of the test project (PostgreSQL in the
// postgres project), this machine's Redis under a key prefix of the test's
// own, and one token key; `remove()` drops them all afterwards.

export interface SharedBackend {
  database: ProjectDatabase;
  /** The environment every instance starts with (add the test's own settings). */
  env: Record<string, string>;
  remove(): Promise<void>;
}

/** The shared database (empty, or the seeded template), Redis prefix and token key of the test `name`. */
export async function sharedBackend(name: string, { seeded = false } = {}): Promise<SharedBackend> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rms-${name}-`));
  const prefix = `h10s:${name}:${randomBytes(4).toString('hex')}:`;
  const database = await projectDatabase(dir, 'shared.db', { seeded });
  return {
    database,
    env: {
      ...database.env,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      TOKEN_KEY: randomBytes(32).toString('base64'),
      NODE_ENV: 'test',
    },
    remove: async () => {
      await database.drop();
      await removeRedisKeys(prefix);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Leaves only one device monitored (the first of `companyId`'s, or of all), so only the test's router is polled. */
export async function monitorOnly(db: Kysely<Database>, companyId?: number): Promise<{ id: number; serial: string }> {
  await db.updateTable('devices').set({ monitoring_enabled: 0 }).execute();
  let query = db.selectFrom('devices').select(['id', 'serial']);
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  const device = await query.orderBy('id').executeTakeFirstOrThrow();
  await db.updateTable('devices').set({ monitoring_enabled: 1 }).where('id', '=', device.id).execute();
  return device;
}

/** Waits until `probe` holds, at most `ms` (then fails naming `what`). */
export async function until(probe: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
