import { databaseTarget, openDatabase } from './open';
import { migrateDatabase, seedIfEmpty } from './prepare';

// `npm run db:migrate`: applies the pending migrations. `npm run db:seed
// [-- --devices N]`: migrates, then seeds the fixtures into an empty database
// (a seeded one is left as it is). Both act on DATABASE_URL (PostgreSQL) or
// DB_FILE (SQLite) and are safe to start from several instances at once.

const [command] = process.argv.slice(2);
const devicesAt = process.argv.indexOf('--devices');
const devices = devicesAt > 0 ? Number(process.argv[devicesAt + 1]) : undefined;
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: db-cli migrate | seed [--devices N] (npm run db:migrate, npm run db:seed)');
  process.exit(2);
}
if (devices !== undefined && !(Number.isInteger(devices) && devices >= 0 && devices <= 5_000_000)) {
  console.error('--devices must be an integer between 0 and 5000000');
  process.exit(2);
}
const handle = openDatabase(databaseTarget(process.env));
try {
  await migrateDatabase(handle.db);
  if (command === 'migrate') console.log('Migrations applied.');
  else console.log((await seedIfEmpty(handle.db, { devices })) ? 'Database seeded.' : 'Database already seeded.');
} finally {
  await handle.close();
}
