import type { Kysely } from 'kysely';
import { generatedId } from './dialect';

// 150: RMS Connect relayed by this server. A remote access entry keeps the
// account the relay signs in to the device with (the password encrypted,
// server/remote/credentials.ts; neither is ever answered to a client), and
// every file operation of a session is logged beside it.

/** 164: the tags of a remote access entry (PUT /devices/remote-access/{access_id} tag_id; answered as tags). */
export async function createRemoteAccessTags(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remote_access_tags')
    .addColumn('access_id', 'integer', (c) => c.notNull().references('remote_access.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('remote_access_tags_pk', ['access_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('remote_access_tags_tag').on('remote_access_tags').columns(['tag_id']).execute();
}

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
