import type SQLite from 'better-sqlite3';
import { fixtureDevices } from '../../fixtures/devices';

// Bulk insert of the deterministic fleet straight through better-sqlite3 (one
// prepared statement in one transaction: 100,000 devices in a few seconds).

const COLUMNS = [
  'company_id',
  'name',
  'model',
  'original_model',
  'family',
  'serial',
  'mac',
  'firmware',
  'status',
  'is_facelift',
  'signal',
  'temperature',
  'operator',
  'connection_type',
  'wan_ip',
  'latitude',
  'longitude',
  'router_uptime',
  'remaining_data',
  'last_connection_at',
  'created_at',
] as const;

export function insertDevices(sqlite: SQLite.Database, count: number, seed = 1, companyIds?: number[]): number {
  const statement = sqlite.prepare(
    `insert into devices (${COLUMNS.join(', ')}, updated_at) values (${COLUMNS.map((c) => '@' + c).join(', ')}, @created_at)`,
  );
  const run = sqlite.transaction(() => {
    for (const device of fixtureDevices(count, seed, companyIds)) statement.run(device);
  });
  run();
  return count;
}
