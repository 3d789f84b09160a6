import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase, newRunId } from './postgres';

// A test on a fresh database of each kind: a real SQLite file (in a folder of
// its own) and a real PostgreSQL database of the run, both removed after it.

/** Runs `check` with the target of a new SQLite file, then of a new PostgreSQL database. */
export function onBothDatabases(check: (target: string) => Promise<void>): void {
  it('on SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'db-test-'));
    try {
      await check(join(dir, 'fleet.db'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on PostgreSQL', async () => {
    const name = await createDatabase(newRunId());
    try {
      await check(databaseUrl(name));
    } finally {
      await dropDatabase(name);
    }
  });
}
