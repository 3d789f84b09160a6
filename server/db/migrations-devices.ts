import type { Kysely } from 'kysely';
import { isPostgres } from './dialect';
import './types-devices';

// The device gateway's tables (150 upward): discovered serials, the
// devices' MQTT credentials, and the connection state devices report.

/** 150: discovered devices, device credentials, devices.connection_state, a temperature with its tenths. */
export async function createDeviceGateway(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discovered_devices')
    .addColumn('serial', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('device_credentials')
    .addColumn('device_id', 'integer', (c) => c.primaryKey().references('devices.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('devices').addColumn('connection_state', 'text').execute();
  // Devices report their temperature in tenths of a degree (38.9 °C); SQLite keeps a real in the column as it is.
  if (isPostgres(db))
    await db.schema
      .alterTable('devices')
      .alterColumn('temperature', (c) => c.setDataType('double precision'))
      .execute();
}
