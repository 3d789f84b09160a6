import { sql, type Kysely } from 'kysely';
import { describe, expect } from 'vitest';
import { seedDatabase } from '../seed/fixtures';
import { onBothDatabases } from '../test/both-databases';
import type { Database } from './types';
import { isPostgres } from './dialect';
import { migrate } from './migrations';
import { openDatabase } from './open';

// Migrations 159 to 162 on a real SQLite file and a real PostgreSQL: the device list's orders (model, firmware,
// MAC, creation time) and the tags' devices get their indexes (the tag-only index they replace is gone), and on
// SQLite a page sorted by model (or firmware) walks its index, a tag filter starts from the tag's index and a
// status total counts an index's entries.

const indexNames = async (db: Kysely<Database>) =>
  isPostgres(db)
    ? (
        await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename in ('devices', 'device_tags')`.execute(db)
      ).rows
    : (
        await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name in ('devices', 'device_tags')`.execute(db)
      ).rows;

const plan = async (db: Kysely<Database>, query: string) =>
  (await sql<{ detail: string }>`explain query plan ${sql.raw(query)}`.execute(db)).rows
    .map((r) => r.detail)
    .join('\n');

async function indexesTheList(target: string) {
  const { db, close } = openDatabase(target);
  try {
    await migrate(db as Kysely<unknown>);
    await seedDatabase(db as Kysely<Database>, { devices: 30, passwordCost: { N: 1024, r: 8, p: 1 } });
    const names = (await indexNames(db)).map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'devices_model',
        'device_tags_tag_device',
        'devices_firmware',
        'devices_mac',
        'devices_created_at',
      ]),
    );
    expect(names).not.toContain('device_tags_tag');
    if (isPostgres(db)) return;
    // The status total (162, SQLite only: PostgreSQL sums device_counts).
    expect(await plan(db, 'select count(*) from devices d where d.company_id in (1, 2) and d.status in (1)')).toContain(
      'COVERING INDEX devices_company_status',
    );
    expect(await plan(db, 'select id from devices d order by model, id limit 100')).toContain('INDEX devices_model');
    expect(
      await plan(db, 'select id from devices d where d.id in (select device_id from device_tags where tag_id = 1)'),
    ).toContain('COVERING INDEX device_tags_tag_device (tag_id=?)');
    expect(await plan(db, 'select id from devices d order by firmware desc, id desc limit 100')).toContain(
      'INDEX devices_firmware',
    );
  } finally {
    await close();
  }
}

describe('migrations 159 to 162: the device list by model, by the other kept fields, by tag and by status', () => {
  onBothDatabases(indexesTheList);
});
