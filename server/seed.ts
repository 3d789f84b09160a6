import { databaseTarget, openDatabase, resetDatabase } from './db/open';
import { migrateDatabase, seedIfEmpty } from './db/prepare';

// `npm run seed -- --devices 100000 [--db data/console.db]`: recreates the
// database (DATABASE_URL, or the SQLite file of --db or DB_FILE) from
// fixtures/ with a fleet of the given size (default 500), e.g. for load tests.

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const devices = Number(option('devices') ?? 500);
if (!Number.isInteger(devices) || devices < 0 || devices > 5_000_000) {
  console.error('--devices must be an integer between 0 and 5000000');
  process.exit(1);
}
const target = option('db') ?? databaseTarget(process.env);
const started = performance.now();
await resetDatabase(target);
const handle = openDatabase(target);
await migrateDatabase(handle.db);
await seedIfEmpty(handle.db, { devices });
await handle.close();
console.log(
  `Seeded ${target.replace(/\/\/[^@/]*@/, '//')} with ${devices} devices in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
