import { openDatabase, deleteDatabase } from './db/open';
import { migrate } from './db/migrations';
import { seedDatabase } from './seed/fixtures';
import type { Kysely } from 'kysely';

// `npm run seed -- --devices 100000 [--db data/console.db]`: recreates the
// database file (DB_FILE or --db) from fixtures/ with a fleet of the given
// size (default 500), e.g. for load tests.

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const devices = Number(option('devices') ?? 500);
if (!Number.isInteger(devices) || devices < 0 || devices > 5_000_000) {
  console.error('--devices must be an integer between 0 and 5000000');
  process.exit(1);
}
const file = option('db') ?? process.env.DB_FILE ?? 'data/console.db';
const started = performance.now();
deleteDatabase(file);
const handle = openDatabase(file);
await migrate(handle.db as Kysely<unknown>);
await seedDatabase(handle.db, handle.sqlite, { devices });
handle.sqlite.exec('analyze');
await handle.close();
console.log(`Seeded ${file} with ${devices} devices in ${((performance.now() - started) / 1000).toFixed(1)} s`);
