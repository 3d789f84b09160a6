import type { Kysely } from 'kysely';
import { generatedId } from './dialect';
import { groupTaskRows } from '../services/group-tasks';

// The automation, alert and device task migrations (090 to 094).

type Db = Kysely<unknown>;

/** 090: the devices of automations (PUT /automations/{id}/devices and the assign/overwrite calls), each on or off. */
export async function createAutomationDevices(db: Db): Promise<void> {
  await db.schema
    .createTable('automation_devices')
    .addColumn('automation_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('automation_devices_pk', ['automation_id', 'device_id'])
    .execute();
  await db.schema.createIndex('automation_devices_device').on('automation_devices').columns(['device_id']).execute();
}

/**
 * 091: alerts a user removed (DELETE /alerts/{id}): an alert is a device gone
 * offline at a time, so removing it keeps that device and time; the device's
 * next offline spell is a new alert. And the push tokens of users (POST /alerts/token).
 */
export async function createAlertStores(db: Db): Promise<void> {
  await db.schema
    .createTable('removed_alerts')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('offline_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('removed_alerts_pk', ['device_id', 'offline_at'])
    .execute();
  await db.schema
    .createTable('alert_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_tokens_pk', ['user_id', 'token'])
    .execute();
}

/** 092: the alert configurations of devices (POST /devices/alerts-configurations); the other fields are details. */
export async function createDeviceAlertConfigurations(db: Db): Promise<void> {
  await db.schema
    .createTable('device_alert_configurations')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('alert_type_id', 'integer', (c) => c.notNull())
    .addColumn('alert_subtype_id', 'integer', (c) => c.notNull())
    .addColumn('action', 'integer', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('device_alert_configurations_device')
    .on('device_alert_configurations')
    .columns(['device_id'])
    .execute();
}

/**
 * 093: the tasks of task groups as rows of their own (PUT and DELETE
 * /devices/tasks/{id}), filled from the tasks the groups' details name.
 */
export async function createDeviceTasks(db: Db): Promise<void> {
  await db.schema
    .createTable('device_tasks')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('group_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('timeout', 'integer', (c) => c.notNull())
    .addColumn('stop_on_failure', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('device_tasks_group').on('device_tasks').columns(['group_id', 'position']).execute();
  const typed = db as Kysely<import('./types').Database>;
  const groups = await typed
    .selectFrom('records')
    .select(['id', 'details', 'created_at'])
    .where('kind', '=', 'task_group')
    .execute();
  for (const group of groups) {
    const rows = groupTaskRows(group.id, JSON.parse(group.details), group.created_at);
    if (rows.length) await typed.insertInto('device_tasks').values(rows).execute();
  }
}
