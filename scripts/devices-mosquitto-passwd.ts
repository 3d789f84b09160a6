import { databaseTarget, openDatabase } from '../server/db/open';
import { mosquittoPasswordFile } from '../server/devices/credentials';

// `npx tsx scripts/devices-mosquitto-passwd.ts > fleet.passwd`: the devices'
// MQTT credentials as an external Mosquitto's password file (one
// `serial:$7$…` line per device with credentials; the hashes are kept in
// that format), from DATABASE_URL (PostgreSQL) or DB_FILE (SQLite). Add the
// gateway's own user with mosquitto_passwd (docs/devices-protocol.md).

const handle = openDatabase(databaseTarget(process.env));
try {
  process.stdout.write(await mosquittoPasswordFile(handle.db));
} finally {
  await handle.close();
}
