import type { Kysely } from 'kysely';
import { generatedId } from './dialect';

// 150: RMS Connect relayed by this server. A remote access entry keeps the
// account the relay signs in to the device with (the password encrypted,
// server/remote/credentials.ts; neither is ever answered to a client), and
// every file operation of a session is logged beside it.

export async function addRemoteRelay(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('remote_access').addColumn('username', 'text').execute();
  await db.schema.alterTable('remote_access').addColumn('password_secret', 'text').execute();
  await db.schema
    .createTable('remote_access_operations')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('history_id', 'integer', (c) => c.notNull().references('remote_access_history.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('remote_access_operations_history')
    .on('remote_access_operations')
    .columns(['history_id'])
    .execute();
}
