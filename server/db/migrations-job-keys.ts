import type { Kysely } from 'kysely';

// Records a bulk job writes once per device (125): `job_key` names the job
// and the device, unique, so a chunk the job runs again (resumed after its
// instance died) inserts nothing twice. Other records leave it null (nulls
// never collide in a unique index, on SQLite as on PostgreSQL).

export async function addRecordJobKeys(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('records').addColumn('job_key', 'text').execute();
  await db.schema.createIndex('records_job_key').on('records').column('job_key').unique().execute();
}
