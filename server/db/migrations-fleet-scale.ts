import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect';

// PostgreSQL at fleet scale (a million devices, ten thousand companies): what
// the device list needs besides the indexes every database has. SQLite's
// lists meet their aims without them; these migrations do nothing there,
// except the indexes of the default order, the model order and the tags'
// devices, which both databases use.

/** The device list sorted by status (the console's status column) walks an index and stops after the page (130). */
export async function addDeviceStatusOrder(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.createIndex('devices_status').on('devices').columns(['status', 'id']).execute();
}

/**
 * The device list's default order, last connection first (the console's devices page): walked in an index and
 * stopped after the page instead of sorting the whole fleet for each page (100,000 devices on SQLite: 80 ms a page
 * of 10 before, under 1 ms after). On both databases.
 */
export async function addDeviceLastConnectionOrder(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('devices_last_connection').on('devices').columns(['last_connection_at', 'id']).execute();
}

/**
 * The devices per company and status, kept exact by statement triggers in the
 * transaction of every insert, update and delete of devices (131), so the
 * device list's total without a search is a sum over the caller's companies
 * instead of a count over up to a million rows (server/resources/devices-list.ts).
 * An update that changes neither company nor status touches no counter.
 */
export async function createDeviceCounts(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createTable('device_counts')
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('devices', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_counts_pk', ['company_id', 'status'])
    .execute();
  // No device changes between the first count and the triggers (the migration's transaction holds the lock).
  await sql`lock table devices in share row exclusive mode`.execute(db);
  await sql`insert into device_counts (company_id, status, devices)
    select company_id, status, count(*) from devices group by company_id, status`.execute(db);
  // Counter rows are written in key order, so concurrent statements wait for each other instead of deadlocking.
  const apply = (rows: string) => `
    insert into device_counts (company_id, status, devices)
    select company_id, status, sum(n) from (${rows}) changed
    group by company_id, status having sum(n) <> 0 order by company_id, status
    on conflict (company_id, status) do update set devices = device_counts.devices + excluded.devices;`;
  const added = 'select company_id, status, 1 as n from new_rows';
  const removed = 'select company_id, status, -1 as n from old_rows';
  const triggers = [
    ['insert', 'new table as new_rows', added],
    ['update', 'old table as old_rows new table as new_rows', `${added} union all ${removed}`],
    ['delete', 'old table as old_rows', removed],
  ];
  for (const [event, tables, rows] of triggers) {
    const name = sql.raw(`device_counts_${event}`);
    await sql`create function ${name}() returns trigger language plpgsql
      as ${sql.lit(`begin ${apply(rows)} return null; end`)}`.execute(db);
    await sql`create trigger ${name} after ${sql.raw(event)} on devices referencing ${sql.raw(tables)}
      for each statement execute function ${name}()`.execute(db);
  }
}

/**
 * 159: the device list sorted by model (the console's model column) walks an index and stops after the page
 * instead of sorting the tenant's every row, each with its tags, for each page (100,000 devices on SQLite: 85 ms
 * a page of 100 before, under 1 ms after). On both databases.
 */
export async function addDeviceModelOrder(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('devices_model').on('devices').columns(['model', 'id']).execute();
}

/**
 * 160: a tag's devices read from the tag's index alone (tag, then device), so that the device list filtered by
 * a tag starts from the tag's few devices instead of probing every device of the tenant for it (SQLite: 26 ms a
 * page of 10 before, under 1 ms after). It covers the tag-only index it replaces.
 */
export async function addDeviceTagsByTag(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('device_tags_tag_device').on('device_tags').columns(['tag_id', 'device_id']).execute();
  await db.schema.dropIndex('device_tags_tag').execute();
}

/**
 * 161: the device list sorted by the other sortable fields a device keeps (its firmware, MAC and creation time,
 * which its reports leave alone) walks an index too (100,000 devices on SQLite: 100-140 ms a page of 100 sorted
 * by firmware before). The signal, which every report changes, and the company's name stay sorted in full.
 */
export async function addDeviceRecordOrders(db: Kysely<unknown>): Promise<void> {
  for (const column of ['firmware', 'mac', 'created_at'])
    await db.schema.createIndex(`devices_${column}`).on('devices').columns([column, 'id']).execute();
}

/**
 * 162: the total of the device list filtered by status counts a covering index's entries on SQLite instead of
 * reading every device of the tenant for its status (100,000 devices: 40 ms before, 2 ms after). PostgreSQL sums
 * device_counts (131) instead.
 */
export async function addDeviceStatusCounts(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema.createIndex('devices_company_status').on('devices').columns(['company_id', 'status']).execute();
}
