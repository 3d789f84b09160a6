import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { fixtureDevices, type FixtureDevice } from '../../fixtures/devices';
import creditTypes from '../../fixtures/credit-types.json' with { type: 'json' };

// Bulk insert of the deterministic fleet: multi-row inserts in one
// transaction (the caller's, or its own).

const ROWS_PER_INSERT = 1000;
/** The credits a seeded device uses: the vendor's paid management credit. */
const PAID_CREDIT = creditTypes.find((t) => t.credit_type === 'credit' && t.payment_type === 'paid')!.id;

/** Inserts the first `count` devices of the fleet, their times relative to `now` (the seeding time). */
export async function insertDevices(
  db: Kysely<Database>,
  count: number,
  seed = 1,
  companyIds?: number[],
  now = Date.now(),
): Promise<number> {
  const inTransaction = (work: (trx: Kysely<Database>) => Promise<void>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  await inTransaction(async (trx) => {
    let batch: FixtureDevice[] = [];
    const flush = async () => {
      if (batch.length)
        await trx
          .insertInto('devices')
          .values(
            batch.map((device) => ({
              ...device,
              credit_enabled: 1,
              management_credit_type_id: PAID_CREDIT,
              monitoring_enabled: 1,
              updated_at: device.created_at,
            })),
          )
          .execute();
      batch = [];
    };
    for (const device of fixtureDevices(count, seed, companyIds, now)) {
      batch.push(device);
      if (batch.length === ROWS_PER_INSERT) await flush();
    }
    await flush();
  });
  return count;
}
