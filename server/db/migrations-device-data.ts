import type { ColumnDefinitionBuilder, Generated, Kysely } from 'kysely';
import { generatedId } from './dialect';

// The data devices report (110 upward): parameter snapshots over time (the
// information history and the graphs), hotspots with their users, and
// wireless interfaces. Their table types join the Database interface here.

/** A snapshot of a device's parameters at one time: `data` is a JSON object (server/services/device-history.ts). */
interface DeviceHistoryTable {
  id: Generated<number>;
  device_id: number;
  created_at: string;
  data: string;
}

/** A hotspot of a device (index 1 to 4). */
interface DeviceHotspotTable {
  id: Generated<number>;
  device_id: number;
  hotspot_index: number;
  ssid: string;
  enabled: number;
  auth_type: string;
  hotspot_ip: string;
  updated_at: string;
}

/** A user of a device hotspot: its password encrypted; a session while `started_at` is set. */
interface HotspotUserTable {
  id: Generated<number>;
  device_id: number;
  hotspot_index: number;
  username: string;
  password: string;
  mac: string | null;
  ip: string | null;
  started_at: string | null;
  download: number;
  upload: number;
  created_at: string;
  updated_at: string;
}

/** A wireless interface of a device with its traffic counters. */
interface DeviceWirelessTable {
  id: Generated<number>;
  device_id: number;
  wlan_id: string;
  ssid: string;
  active: number;
  received: number;
  sent: number;
  clients_count: number;
  updated_at: string;
}

declare module './types' {
  interface Database {
    device_history: DeviceHistoryTable;
    device_hotspots: DeviceHotspotTable;
    hotspot_users: HotspotUserTable;
    device_wireless: DeviceWirelessTable;
  }
}

const deviceRef = (c: ColumnDefinitionBuilder) => c.notNull().references('devices.id').onDelete('cascade');

/** 110: parameter snapshots of devices, read by time per device. */
export async function createDeviceHistory(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_history')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('device_id', 'integer', deviceRef)
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_history_device')
    .on('device_history')
    .columns(['device_id', 'created_at'])
    .execute();
}

/** 111: device hotspots and their users. */
export async function createHotspots(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_hotspots')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('device_id', 'integer', deviceRef)
    .addColumn('hotspot_index', 'integer', (c) => c.notNull())
    .addColumn('ssid', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('auth_type', 'text', (c) => c.notNull())
    .addColumn('hotspot_ip', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('device_hotspots_index', ['device_id', 'hotspot_index'])
    .execute();
  await db.schema
    .createTable('hotspot_users')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('device_id', 'integer', deviceRef)
    .addColumn('hotspot_index', 'integer', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('mac', 'text')
    .addColumn('ip', 'text')
    .addColumn('started_at', 'text')
    .addColumn('download', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('upload', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('hotspot_users_name', ['device_id', 'hotspot_index', 'username'])
    .execute();
}

/** 112: wireless interfaces of devices. */
export async function createWireless(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('device_wireless')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('device_id', 'integer', deviceRef)
    .addColumn('wlan_id', 'text', (c) => c.notNull())
    .addColumn('ssid', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('sent', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('clients_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('device_wireless_wlan', ['device_id', 'wlan_id'])
    .execute();
}
