import { sql, type Kysely } from 'kysely';
import { describe, expect } from 'vitest';
import { seedDatabase } from '../seed/fixtures';
import { onBothDatabases } from '../test/both-databases';
import type { Database } from './types';
import { migrate } from './migrations';
import { temperatureInTenths } from './migrations-devices';
import { openDatabase } from './open';

// Migration 157 on a database that kept temperatures in degrees (before it): the devices' records and their
// monitoring history come out in tenths, as devices report them and the RMS API answers them. On a real SQLite
// file and a real PostgreSQL.

async function upgradesDegrees(target: string) {
  const { db, close } = openDatabase(target);
  try {
    await migrate(db as Kysely<unknown>);
    await seedDatabase(db as Kysely<Database>, { devices: 30, passwordCost: { N: 1024, r: 8, p: 1 } });
    // As a database before 157 held them: degrees with their tenths, in the record and in a snapshot.
    const device = await db.selectFrom('devices').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('devices').set({ temperature: 38.9 }).where('id', '=', device.id).execute();
    await db.deleteFrom('device_history').where('device_id', '=', device.id).execute();
    await db
      .insertInto('device_history')
      .values([
        { device_id: device.id, created_at: '2026-10-31T20:00:00.000Z', data: JSON.stringify({ temperature: 41.2 }) },
        { device_id: device.id, created_at: '2026-10-31T21:00:00.000Z', data: JSON.stringify({ signal: -70 }) },
      ])
      .execute();
    await temperatureInTenths(db as Kysely<unknown>);
    const record = await db.selectFrom('devices').select('temperature').where('id', '=', device.id).executeTakeFirst();
    expect(Number(record?.temperature)).toBe(389);
    const history = await db
      .selectFrom('device_history')
      .select('data')
      .where('device_id', '=', device.id)
      .orderBy('created_at')
      .execute();
    expect(history.map((h) => JSON.parse(h.data) as object)).toEqual([{ temperature: 412 }, { signal: -70 }]);
    const none = await sql<{ n: number }>`select count(*) as n from devices where temperature is null`.execute(db);
    expect(Number(none.rows[0].n)).toBeGreaterThan(0);
  } finally {
    await close();
  }
}

describe('migration 157: temperatures in tenths', () => {
  onBothDatabases(upgradesDegrees);
});
