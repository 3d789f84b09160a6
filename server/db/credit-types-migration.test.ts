import type { Kysely } from 'kysely';
import { describe, expect } from 'vitest';
import { seedDatabase } from '../seed/fixtures';
import { recordCreditLogs } from '../services/credit-log';
import { onBothDatabases } from '../test/both-databases';
import type { Database } from './types';
import { migrate } from './migrations';
import { creditTypesFromLog } from './migrations-devices';
import { openDatabase } from './open';

// Migration 158 on a database whose devices did not keep their credit types (before it): each device whose
// credits are on takes the last type its credit log enabled, by license type; a device whose credits are off or
// that has no log keeps none. On a real SQLite file and a real PostgreSQL.

async function fillsFromLog(target: string) {
  const { db, close } = openDatabase(target);
  try {
    await migrate(db as Kysely<unknown>);
    await seedDatabase(db as Kysely<Database>, { devices: 30, passwordCost: { N: 1024, r: 8, p: 1 } });
    const devices = await db.selectFrom('devices').select(['id', 'company_id']).orderBy('id').limit(3).execute();
    const [a, b, c] = devices.map((d) => d.id);
    // As before 158: no device keeps a credit type.
    await db.updateTable('devices').set({ management_credit_type_id: null, data_credit_type_id: null }).execute();
    await db.updateTable('devices').set({ credit_enabled: 0 }).where('id', '=', c).execute();
    // Pools of three credit types for the devices' companies (the log names the pool a device's credits came from).
    const typeIds = async (license: string) =>
      (
        await db.selectFrom('credit_types').select('id').where('license_type', '=', license).orderBy('id').execute()
      ).map((t) => t.id);
    const [, , first, , second] = await typeIds('management');
    const [data] = await typeIds('data');
    await db
      .insertInto('credits')
      .values(
        [...new Set(devices.map((d) => d.company_id))].flatMap((company_id) =>
          [first, second, data].map((credit_type_id) => ({
            company_id,
            credit_type_id,
            credit_count: 10,
            credit_left: 10,
            assigned_at: '2026-11-01T00:00:00.000Z',
          })),
        ),
      )
      .execute();
    const log = (creditTypeId: number, ids: number[], key: string) =>
      recordCreditLogs(
        db,
        { userId: 1, creditTypeId, rows: Object.fromEntries(ids.map((id) => [id, 1])) },
        ids,
        '2026-11-30T10:00:00.000Z',
        key,
      );
    await log(first, [a, b, c], 'first');
    await log(second, [b], 'second');
    await log(data, [a], 'data');
    await creditTypesFromLog(db as Kysely<unknown>);
    const kept = await db
      .selectFrom('devices')
      .select(['id', 'management_credit_type_id', 'data_credit_type_id'])
      .where('id', 'in', [a, b, c])
      .orderBy('id')
      .execute();
    expect(kept).toEqual([
      { id: a, management_credit_type_id: first, data_credit_type_id: data },
      { id: b, management_credit_type_id: second, data_credit_type_id: null },
      { id: c, management_credit_type_id: null, data_credit_type_id: null },
    ]);
  } finally {
    await close();
  }
}

describe('migration 158: the credit types devices use, from their credit log', () => {
  onBothDatabases(fillsFromLog);
});
