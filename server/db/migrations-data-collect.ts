import type { Kysely } from 'kysely';
import { binaryType, generatedId } from './dialect';

// The data collect, images and device multi configuration migrations (100 upward).

type Db = Kysely<unknown>;

/**
 * 100: data collect. Which devices a config (a `records` row of kind
 * data_collect_config) is assigned to and how often it collects; the values
 * the devices sent for it (one row per variable and moment); the collection
 * logs (what a device could not read, a JSON list of messages).
 */
export async function createDataCollect(db: Db): Promise<void> {
  await db.schema
    .createTable('data_collect_assignments')
    .addColumn('config_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('period', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('data_collect_assignments_pk', ['config_id', 'device_id'])
    .execute();
  await db.schema
    .createIndex('data_collect_assignments_device')
    .on('data_collect_assignments')
    .columns(['device_id'])
    .execute();
  await db.schema
    .createTable('data_collect_values')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('config_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('data_collect_values_field')
    .on('data_collect_values')
    .columns(['config_id', 'url', 'field'])
    .execute();
  await db.schema
    .createIndex('data_collect_values_device')
    .on('data_collect_values')
    .columns(['device_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('data_collect_logs')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('config_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('log', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

/** 101: images for device dashboards (PNG or JPEG), with their thumbnail. */
export async function createImages(db: Db): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('original_width', 'integer', (c) => c.notNull())
    .addColumn('original_height', 'integer', (c) => c.notNull())
    .addColumn('content', binaryType(db), (c) => c.notNull())
    .addColumn('thumbnail', binaryType(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_company').on('images').columns(['company_id']).execute();
}

/**
 * 102: device multi configuration. The configuration a device holds per API
 * path (JSON, written by POST /devices/configurator/configure), and the log of
 * every configurator request sent to a device, grouped by action.
 */
export async function createConfigurator(db: Db): Promise<void> {
  await db.schema
    .createTable('device_configurations')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('device_configurations_pk', ['device_id', 'path'])
    .execute();
  await db.schema
    .createTable('configurator_logs')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('action_name', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('request_message', 'text', (c) => c.notNull())
    .addColumn('response_message', 'text', (c) => c.notNull())
    .addColumn('response_code', 'integer', (c) => c.notNull())
    .addColumn('request_state', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('configurator_logs_device')
    .on('configurator_logs')
    .columns(['device_id', 'action_name'])
    .execute();
}
