import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from './open';
import { migrate } from './migrations';
import { optimize } from './dialect';

// The SQLite device search index is merged into one segment on start (and after seeding): rows written one by
// one leave it in many segments, which every search reads.

/** The number of segments of the FTS5 index, from its structure record (a 4-byte cookie, then varints). */
async function segments(db: Kysely<unknown>): Promise<number> {
  const { rows } = await sql<{ block: Buffer }>`select block from devices_search_data where id = 10`.execute(db);
  const bytes = rows[0].block;
  let at = 4;
  const varint = () => {
    let value = 0;
    for (;;) {
      const byte = bytes[at++];
      value = value * 128 + (byte & 0x7f);
      if (byte < 0x80) return value;
    }
  };
  varint(); // levels
  return varint();
}

describe('device search index upkeep (SQLite)', () => {
  it('merges the segments that rows written one by one leave into one', async () => {
    const { db, close } = openDatabase(':memory:');
    try {
      await migrate(db as Kysely<unknown>);
      for (let id = 1; id <= 40; id++) {
        await sql`insert into devices_search (rowid, name, serial, mac, imei) values (${id}, ${`Riga ${id}`}, ${`S${id}`}, '', '')`.execute(
          db,
        );
      }
      expect(await segments(db as Kysely<unknown>)).toBeGreaterThan(1);
      await optimize(db);
      expect(await segments(db as Kysely<unknown>)).toBe(1);
      const found = await sql<{
        rowid: number;
      }>`select rowid from devices_search where devices_search match '"riga 4"'`.execute(db);
      expect(found.rows.map((r) => r.rowid).sort((a, b) => a - b)).toEqual([4, 40]);
    } finally {
      await close();
    }
  });
});
