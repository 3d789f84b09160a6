import type { Kysely } from 'kysely';
import { prng } from '../fixtures/devices';
import type { Database } from '../server/db/types';
import { openDatabase } from '../server/db/open';
import { issueDeviceCredentials } from '../server/devices/credentials';
import { DISCOVERED_MODELS } from './models';
import type { FleetDevice } from './fleet';
import type { HotspotUser } from './hotspot';

// Where the simulated routers come from: the devices of a console's
// database (their serials, models, names and last reported values, the users
// of their hotspots as the console configured them, signed in as it last
// heard) with MQTT secrets issued for them, or routers the console has never seen
// (discovered devices, to be adopted), with serials of their own.

/**
 * The devices of the database (an SQLite file or a postgres:// URL), in id order, the first `limit` if given,
 * each with a new MQTT secret: the database keeps only the secrets' hashes, so the simulator issues (rotates)
 * the credentials of the devices it plays, as an operator would from each device's page.
 */
export async function databaseDevices(target: string, limit?: number): Promise<FleetDevice[]> {
  const { db, close } = openDatabase(target, { poolSize: 1 });
  try {
    let query = db
      .selectFrom('devices')
      .select(['serial', 'model', 'name', 'operator', 'connection_type', 'wan_ip', 'firmware', 'router_uptime'])
      .orderBy('id');
    if (limit !== undefined) query = query.limit(limit);
    const rows = await query.execute();
    const hotspotUsers = await hotspotUsersOf(db);
    const secrets = new Map(
      (
        await issueDeviceCredentials(
          db,
          rows.map((row) => row.serial),
        )
      ).map((c) => [c.serial, c.secret]),
    );
    return rows.map((row) => ({
      secret: secrets.get(row.serial),
      serial: row.serial,
      model: row.model,
      name: row.name,
      operator: row.operator,
      connectionType: row.connection_type,
      wanIp: row.wan_ip,
      firmware: row.firmware,
      uptime: row.router_uptime,
      hotspotUsers: hotspotUsers.get(row.serial),
    }));
  } finally {
    await close();
  }
}

/** The users of the devices' hotspots, by device serial. */
async function hotspotUsersOf(db: Kysely<Database>): Promise<Map<string, HotspotUser[]>> {
  const rows = await db
    .selectFrom('hotspot_users as u')
    .innerJoin('device_hotspots as h', (join) =>
      join.onRef('h.device_id', '=', 'u.device_id').onRef('h.hotspot_index', '=', 'u.hotspot_index'),
    )
    .innerJoin('devices as d', 'd.id', 'u.device_id')
    .select(['d.serial', 'u.hotspot_index', 'u.username', 'u.mac', 'u.ip', 'u.started_at', 'u.download', 'u.upload'])
    .select('h.hotspot_ip')
    .orderBy('u.id')
    .execute();
  const users = new Map<string, HotspotUser[]>();
  for (const row of rows) {
    const signedIn = row.started_at && row.mac && row.ip;
    const user: HotspotUser = {
      hotspot: row.hotspot_index,
      username: row.username,
      hotspotIp: row.hotspot_ip,
      client: signedIn
        ? { mac: row.mac!, ip: row.ip!, download: Number(row.download), upload: Number(row.upload) }
        : undefined,
    };
    users.set(row.serial, [...(users.get(row.serial) ?? []), user]);
  }
  return users;
}

/** Serials of discovered devices start here: far from the fixture fleet's (1100000000 and up). */
const DISCOVERED_BASE = 1_900_000_000;

/** `count` routers unknown to the console, the same ones for the same seed. */
export function discoveredDevices(count: number, seed = 1): FleetDevice[] {
  const random = prng(seed * 31 + 5);
  return Array.from({ length: count }, (_, k) => {
    const model = DISCOVERED_MODELS[Math.floor(random() * DISCOVERED_MODELS.length)];
    return { serial: String(DISCOVERED_BASE + seed * 100_000 + k), model, uptime: Math.floor(random() * 3600) };
  });
}
