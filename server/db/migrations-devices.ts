import { sql, type Kysely } from 'kysely';
import { isPostgres, jsonInteger } from './dialect';
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
  // A temperature with its tenths (38.9 °C; since 157 the tenths themselves); SQLite keeps a real as it is.
  if (isPostgres(db))
    await db.schema
      .alterTable('devices')
      .alterColumn('temperature', (c) => c.setDataType('double precision'))
      .execute();
}

/**
 * 157: the temperature as devices report it and the RMS API answers it, in tenths of a degree (an integer: 389
 * for 38.9 °C), in the devices' records and in their monitoring history; it was kept in degrees.
 */
export async function temperatureInTenths(db: Kysely<unknown>): Promise<void> {
  await sql`update devices set temperature = round(temperature * 10) where temperature is not null`.execute(db);
  const history = isPostgres(db)
    ? sql`update device_history set data = jsonb_set(data::jsonb, '{temperature}',
        to_jsonb(round((data::jsonb->>'temperature')::numeric * 10)))::text
        where jsonb_typeof(data::jsonb->'temperature') = 'number'`
    : sql`update device_history set data = json_set(data, '$.temperature',
        cast(round(json_extract(data, '$.temperature') * 10) as integer))
        where json_type(data, '$.temperature') in ('integer', 'real')`;
  await history.execute(db);
}

/**
 * 158: what a device reports of its inputs (the vendor's digital1, digital2 and analog; the RMS API's digital_input,
 * digital_isolated_input and analog_input) and the credit types it uses (PUT /devices/credit), read by the device
 * record and its filters; the credit types from the credit log of the devices credits were enabled for.
 */
export async function addDeviceInputsAndCreditTypes(db: Kysely<unknown>): Promise<void> {
  for (const [column, type] of [
    ['digital_input', 'integer'],
    ['digital_isolated_input', 'integer'],
    ['analog_input', 'text'],
    ['management_credit_type_id', 'integer'],
    ['data_credit_type_id', 'integer'],
  ] as const)
    await db.schema.alterTable('devices').addColumn(column, type).execute();
  await creditTypesFromLog(db);
}

/** The devices' credit types from the credit log: the last type enabled on each device whose credits are on. */
export async function creditTypesFromLog(db: Kysely<unknown>): Promise<void> {
  for (const license of ['management', 'data'] as const)
    await sql`update devices set ${sql.ref(`${license}_credit_type_id`)} = (
        select c.credit_type_id from records r
        join credits c on c.id = ${jsonInteger(db, 'r.details', 'pool_id')}
        join credit_types t on t.id = c.credit_type_id and t.license_type = ${license}
        where r.kind = 'credit_log' and ${jsonInteger(db, 'r.details', 'device_id')} = devices.id
          and ${jsonInteger(db, 'r.details', 'action_type')} = 1
        order by r.id desc limit 1)
      where credit_enabled = 1`.execute(db);
}
