import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { FixtureDevice } from '../../fixtures/devices';

// Parameter snapshots of devices (the information history and the graphs):
// a device's reported parameters at one time, as the device would send them
// on each monitoring round. The simulator and the metrics refresh record one;
// each device keeps its last HISTORY_LIMIT snapshots (the device gateway
// prunes a device's history once every few of its snapshots: it may hold a
// few more between prunes, server/devices/recorder.ts). Wireless interfaces'
// counters move on with each snapshot and are part of it.

/** Snapshots kept per device. */
export const HISTORY_LIMIT = 96;

/** The parameters of the information history (the OpenAPI's vocabulary). */
export const HISTORY_PARAMETERS = [
  'firmware',
  'sim_state',
  'pin_state',
  'sim_slot',
  'network_state',
  'mobile_ip',
  'signal',
  'operator',
  'operator_number',
  'connection_state',
  'connection_type',
  'temperature',
  'router_uptime',
  'connection_uptime',
  'wan_state',
  'wan_ip',
  'cell_id',
  'mcc',
  'mnc',
  'lac',
  'iccid',
  'rx_day',
  'rx_week',
  'rx_month',
  'tx_day',
  'tx_week',
  'tx_month',
  'period',
  'sent',
  'received',
] as const;

export type Snapshot = Record<string, string | number | null | Record<string, WlanCounters>>;
export interface WlanCounters {
  received: number;
  sent: number;
  clients_count: number;
}

/** The device fields a snapshot reads (one definition of the device: fixtures/devices.ts). */
type DeviceRow = { id: number } & Pick<
  FixtureDevice,
  | 'status'
  | 'firmware'
  | 'signal'
  | 'temperature'
  | 'operator'
  | 'connection_type'
  | 'wan_ip'
  | 'latitude'
  | 'longitude'
  | 'router_uptime'
>;

/** A small deterministic wobble in [0, 1) from a device id and a time. */
const wobble = (id: number, at: number) => (Math.sin(id * 12.9898 + at / 3.6e6) + 1) / 2;
const MB = 1024 * 1024;

/** A device's parameters at a time, from its record (the values a device would report). */
export function snapshotOf(device: DeviceRow, at: Date, wireless: Record<string, WlanCounters> = {}): Snapshot {
  const online = device.status === 1;
  const w = wobble(device.id, at.getTime());
  const day = Math.round((20 + 30 * w) * MB);
  const mobile = device.connection_type !== 'Ethernet';
  return {
    firmware: device.firmware,
    sim_state: device.status === 3 ? 'not inserted' : 'inserted',
    pin_state: 'OK',
    sim_slot: 1,
    network_state: online ? 'registered' : 'unregistered',
    mobile_ip: mobile ? device.wan_ip : null,
    signal: device.signal === null ? null : Math.round(device.signal - 4 + 8 * w),
    operator: device.operator,
    operator_number: device.operator ? `246${String(device.id % 100).padStart(2, '0')}` : null,
    connection_state: online ? 'connected' : 'disconnected',
    connection_type: device.connection_type,
    temperature: device.temperature === null ? null : Math.round(device.temperature - 100 + 200 * w),
    router_uptime: device.router_uptime,
    connection_uptime: online ? Math.floor(device.router_uptime * 0.9) : 0,
    wan_state: online ? (mobile ? 'mobile' : 'wired') : 'down',
    wan_ip: device.wan_ip,
    cell_id: String(10000 + ((device.id * 7919) % 90000)),
    mcc: '246',
    mnc: String(1 + (device.id % 3)).padStart(2, '0'),
    lac: String(1000 + (device.id % 500)),
    iccid: `8937020${String(device.id).padStart(12, '0')}`,
    rx_day: day,
    rx_week: day * 7,
    rx_month: day * 30,
    tx_day: Math.round(day / 4),
    tx_week: Math.round((day * 7) / 4),
    tx_month: Math.round((day * 30) / 4),
    period: 'day',
    sent: Math.round(day / 4),
    received: day,
    latitude: device.latitude,
    longitude: device.longitude,
    digital_input: Math.round(w),
    digital_output: device.id % 2,
    wireless,
  };
}

const DEVICE_COLUMNS = [
  'id',
  'status',
  'firmware',
  'signal',
  'temperature',
  'operator',
  'connection_type',
  'wan_ip',
  'latitude',
  'longitude',
  'router_uptime',
] as const;

/** Moves a device's wireless counters on (traffic since the last round) and answers them per interface. */
async function advanceWireless(db: Kysely<Database>, deviceId: number, at: Date) {
  const wlans = await db.selectFrom('device_wireless').selectAll().where('device_id', '=', deviceId).execute();
  const out: Record<string, WlanCounters> = {};
  for (const wlan of wlans) {
    const w = wobble(wlan.id, at.getTime());
    const next = {
      received: Number(wlan.received) + (wlan.active ? Math.round(w * 4 * MB) : 0),
      sent: Number(wlan.sent) + (wlan.active ? Math.round(w * MB) : 0),
      clients_count: wlan.active ? Math.round(w * 8) : 0,
    };
    await db
      .updateTable('device_wireless')
      .set({ ...next, updated_at: at.toISOString() })
      .where('id', '=', wlan.id)
      .execute();
    out[wlan.wlan_id] = next;
  }
  return out;
}

/** Rows of one multi-row insert (three parameters each, well under SQLite's limit of bound parameters). */
const INSERT_ROWS = 500;

/** Adds snapshots of devices at one time, in multi-row inserts (no pruning: see pruneHistory). */
export async function insertSnapshots(
  db: Kysely<Database>,
  at: Date,
  snapshots: { deviceId: number; data: Snapshot }[],
): Promise<void> {
  const created_at = at.toISOString();
  for (let i = 0; i < snapshots.length; i += INSERT_ROWS) {
    const rows = snapshots.slice(i, i + INSERT_ROWS);
    await db
      .insertInto('device_history')
      .values(rows.map((row) => ({ device_id: row.deviceId, created_at, data: JSON.stringify(row.data) })))
      .execute();
  }
}

/** Drops a device's snapshots older than its last HISTORY_LIMIT. */
export async function pruneHistory(db: Kysely<Database>, deviceId: number): Promise<void> {
  const keep = await db
    .selectFrom('device_history')
    .select('id')
    .where('device_id', '=', deviceId)
    .orderBy('id', 'desc')
    .offset(HISTORY_LIMIT - 1)
    .limit(1)
    .executeTakeFirst();
  if (keep) await db.deleteFrom('device_history').where('device_id', '=', deviceId).where('id', '<', keep.id).execute();
}

/** Adds one snapshot of a device, keeping its last HISTORY_LIMIT. */
export async function appendSnapshot(db: Kysely<Database>, deviceId: number, at: Date, data: Snapshot): Promise<void> {
  await insertSnapshots(db, at, [{ deviceId, data }]);
  await pruneHistory(db, deviceId);
}

/** Records a snapshot of each device now, keeping the last HISTORY_LIMIT per device. */
export async function recordSnapshots(db: Kysely<Database>, ids: number[], at: Date): Promise<void> {
  if (!ids.length) return;
  const devices = await db.selectFrom('devices').select(DEVICE_COLUMNS).where('id', 'in', ids).execute();
  for (const device of devices) {
    const wireless = await advanceWireless(db, device.id, at);
    await appendSnapshot(db, device.id, at, snapshotOf(device, at, wireless));
  }
}
