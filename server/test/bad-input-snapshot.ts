import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { TestServer } from './harness';

// "The database unchanged": a checksum per table of the test server's
// database (SQLite or PostgreSQL), read through the server's own connection.
// Rows are hashed one by one and the row hashes sorted, so the checksum does
// not depend on the order a database returns them in. Sessions are left out
// (a request may refresh its own session).

const VOLATILE = new Set(['sessions']);

export async function tableChecksums(server: TestServer): Promise<Record<string, string>> {
  const { db } = server.app.ctx;
  const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
  const sums: Record<string, string> = {};
  for (const name of tables) {
    if (VOLATILE.has(name)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    const rowHashes = rows.map((row) => {
      const hash = createHash('sha256');
      for (const value of Object.values(row)) {
        hash.update(Buffer.isBuffer(value) ? value : `${typeof value}:${String(value)}\u0001`);
      }
      return hash.digest('hex');
    });
    sums[name] = createHash('sha256').update(rowHashes.sort().join('\n')).digest('hex');
  }
  return sums;
}
