import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { SEED_TIME } from './roles';
import { addHubUser } from '../resources/vpn-hub-users';
import { KIND, type HubUserDetails } from '../services/vpn-hub-user-records';
import { freeHosts } from '../services/vpn-sessions';

// VPN hub clients as a running hub has them: the fixtures' hub users named by
// hub id, two online devices of Acme Networks as endpoints of its HQ hub (one
// with the route to its LAN, a DNS server pushed to the clients), a week of
// daily sessions per client in its logs, and the first custom user connected
// since.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const dayOf = (i: number) => new Date(Date.parse(SEED_TIME) + i * DAY).toISOString();
/** The public address of the seeded client `c` (documentation range TEST-NET-2). */
const publicIp = (c: number) => `198.51.100.${10 + c}`;

export async function seedVpn(db: Kysely<Database>): Promise<void> {
  const hubs = await db
    .selectFrom('vpn_hubs')
    .select(['id', 'company_id', 'name', 'ip', 'netmask'])
    .orderBy('id')
    .execute();
  const records = await db
    .selectFrom('records')
    .select(['id', 'company_id', 'details'])
    .where('kind', '=', KIND)
    .execute();
  for (const record of records) {
    const details = JSON.parse(record.details) as HubUserDetails;
    const hub = hubs.find((h) => h.company_id === record.company_id && h.name === details.hub);
    if (!hub) continue;
    const named: HubUserDetails = { ...details, vpn_hub_id: hub.id, type: 'custom_user', mode: 'dhcp' };
    await db
      .updateTable('records')
      .set({ details: JSON.stringify(named) })
      .where('id', '=', record.id)
      .execute();
  }
  const hq = hubs.find((h) => h.company_id === 1 && h.name === 'HQ hub')!;
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'name'])
    .where('company_id', '=', 1)
    .where('status', '=', 1)
    .orderBy('id')
    .limit(2)
    .execute();
  if (devices.length) await seedEndpoints(db, hq, devices);
  await db.insertInto('vpn_hub_dhcp_options').values({ hub_id: hq.id, type: 'DNS', ip: '10.8.0.1' }).execute();
  const clients = await db
    .selectFrom('records')
    .select(['id', 'details'])
    .where('kind', '=', KIND)
    .orderBy('id')
    .execute();
  const logs = clients.flatMap((client, c) => {
    const { vpn_hub_id } = JSON.parse(client.details) as HubUserDetails;
    if (!vpn_hub_id) return [];
    return Array.from({ length: 7 }, (_, day) => ({
      hub_id: vpn_hub_id,
      hub_user_id: client.id,
      session_bytes_send: (c + 1) * 1_048_576 + day * 65_536,
      session_bytes_received: (c + 1) * 4_194_304 + day * 262_144,
      connected_at: new Date(Date.parse(dayOf(day)) - (c + 1) * HOUR).toISOString(),
      ip: publicIp(c),
      created_at: dayOf(day),
    }));
  });
  if (logs.length) await db.insertInto('vpn_hub_user_logs').values(logs).execute();
  await seedSession(db, hubs, clients);
}

/** The first custom user of the fixtures connected since the last day of its logs. */
async function seedSession(
  db: Kysely<Database>,
  hubs: { id: number; ip: string; netmask: string }[],
  clients: { id: number; details: string }[],
) {
  const c = clients.findIndex((client) => (JSON.parse(client.details) as HubUserDetails).type === 'custom_user');
  const hub = hubs.find((h) => h.id === (JSON.parse(clients[c]?.details ?? '{}') as HubUserDetails).vpn_hub_id);
  if (!hub) return;
  await db
    .insertInto('vpn_hub_sessions')
    .values({
      hub_id: hub.id,
      hub_user_id: clients[c].id,
      ip: publicIp(c),
      vpn_ip: freeHosts(hub, [], true)()!,
      bytes_send: 524_288,
      bytes_received: 2_097_152,
      connected_at: dayOf(7),
    })
    .execute();
}

/** Online devices as endpoints of a hub: members with VPN to LAN forwarding, hub users, the first one's LAN routed. */
async function seedEndpoints(
  db: Kysely<Database>,
  hub: { id: number; company_id: number; name: string },
  devices: { id: number; name: string }[],
) {
  await db
    .insertInto('vpn_hub_devices')
    .values(devices.map((d) => ({ hub_id: hub.id, device_id: d.id, lan: 1 })))
    .execute();
  const endpoints = [];
  for (const device of devices) {
    endpoints.push(await addHubUser(db, hub, { name: device.name, type: 'device', object_id: device.id }, SEED_TIME));
  }
  await db
    .insertInto('vpn_hub_routes')
    .values({
      hub_id: hub.id,
      hub_user_id: endpoints[0],
      name: 'HQ LAN',
      ip: '192.168.1.0',
      netmask: '255.255.255.0',
      created_at: SEED_TIME,
    })
    .execute();
}
