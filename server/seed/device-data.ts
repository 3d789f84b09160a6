import type { Kysely } from 'kysely';
import { sha256 } from '../auth/tokens';
import type { Database } from '../db/types';
import { recordSnapshots } from '../services/device-history';
import { SEED_TIME } from './roles';

// What the first devices of the fleet have reported before the seed time:
// a few hours of parameter snapshots, and for the Wi-Fi families their
// wireless interfaces and a guest hotspot with two users, one of them
// connected. Small and deterministic.

/** Devices (the first by id) that have reported data. */
const REPORTING_DEVICES = 20;
const SNAPSHOTS = 6;
const HOUR = 3_600_000;
const WIFI_FAMILIES = ['RUT', 'TAP'];

export async function seedDeviceData(db: Kysely<Database>): Promise<void> {
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'family'])
    .orderBy('id')
    .limit(REPORTING_DEVICES)
    .execute();
  const base = Date.parse(SEED_TIME);
  const at = new Date(base - SNAPSHOTS * HOUR).toISOString();
  const wifi = devices.filter((d) => WIFI_FAMILIES.includes(d.family)).map((d) => d.id);
  if (wifi.length) {
    await db
      .insertInto('device_wireless')
      .values(
        wifi.flatMap((device_id) =>
          ['wlan0', 'wlan1'].map((wlan_id, i) => ({
            device_id,
            wlan_id,
            ssid: i ? 'Fleet 5G' : 'Fleet',
            active: 1,
            received: 0,
            sent: 0,
            clients_count: 0,
            updated_at: at,
          })),
        ),
      )
      .execute();
    await db
      .insertInto('device_hotspots')
      .values(
        wifi.map((device_id) => ({
          device_id,
          hotspot_index: 1,
          ssid: 'Guest',
          enabled: 1,
          auth_type: 'local users',
          hotspot_ip: '192.168.2.1',
          updated_at: at,
        })),
      )
      .execute();
    await db
      .insertInto('hotspot_users')
      .values(
        wifi.flatMap((device_id) =>
          ['visitor', 'staff'].map((username, i) => ({
            device_id,
            hotspot_index: 1,
            username,
            password: sha256(`${username}-${device_id}`),
            mac: i ? null : `02:00:00:00:${String(device_id % 100).padStart(2, '0')}:01`,
            ip: i ? null : '192.168.2.10',
            started_at: i ? null : new Date(base - HOUR).toISOString(),
            download: i ? 0 : 52_428_800,
            upload: i ? 0 : 5_242_880,
            created_at: at,
            updated_at: at,
          })),
        ),
      )
      .execute();
  }
  const ids = devices.map((d) => d.id);
  for (let k = SNAPSHOTS; k > 0; k--) await recordSnapshots(db, ids, new Date(base - (k - 1) * HOUR));
}
