import type { Kysely } from 'kysely';
import { generatedId } from './dialect';

// The data planes the device simulator plays (140 upward): the open VPN
// sessions of RMS and custom hub users, and what a closed session leaves in
// its user's logs. Hotspot sessions are the session columns of hotspot_users.

type Db = Kysely<unknown>;

/** 140: a hub's open sessions, at most one per hub user; they go with the hub and the user. */
export async function createVpnHubSessions(db: Db): Promise<void> {
  await db.schema
    .createTable('vpn_hub_sessions')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('hub_id', 'integer', (c) => c.notNull().references('vpn_hubs.id').onDelete('cascade'))
    .addColumn('hub_user_id', 'integer', (c) => c.notNull().unique().references('records.id').onDelete('cascade'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('vpn_ip', 'text', (c) => c.notNull())
    .addColumn('bytes_send', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('bytes_received', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('connected_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vpn_hub_sessions_hub').on('vpn_hub_sessions').column('hub_id').execute();
}

/** 141: a user log entry is one closed session: when it connected and from which address (older entries: none). */
export async function addVpnHubUserLogSession(db: Db): Promise<void> {
  for (const column of ['connected_at', 'ip']) {
    await db.schema.alterTable('vpn_hub_user_logs').addColumn(column, 'text').execute();
  }
  await db.schema
    .createIndex('vpn_hub_user_logs_hub')
    .on('vpn_hub_user_logs')
    .columns(['hub_id', 'created_at'])
    .execute();
}
