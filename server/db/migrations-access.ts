import type { Kysely } from 'kysely';

// The remote access and VPN migrations (080 upward).
//
// 080: RMS Connect sessions. A session is a row of the access history
// (remote_access_history) that now carries its link token, its expiry, the
// connection type (webui, lan-webui, cli; older rows have none and are typed
// by protocol) and the data it moved.

export async function addConnectSessions(db: Kysely<unknown>): Promise<void> {
  const table = () => db.schema.alterTable('remote_access_history');
  await table().addColumn('type', 'text').execute();
  await table().addColumn('token', 'text').execute();
  await table().addColumn('expires_at', 'text').execute();
  await table()
    .addColumn('input_data', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await table()
    .addColumn('output_data', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('remote_access_history_token')
    .on('remote_access_history')
    .columns(['token'])
    .unique()
    .execute();
}

/** 081: the tags of VPN hubs (PUT /vpn/hubs/{id} with tag_id). */
export async function createVpnHubTags(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vpn_hub_tags')
    .addColumn('hub_id', 'integer', (c) => c.notNull().references('vpn_hubs.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('vpn_hub_tags_pk', ['hub_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('vpn_hub_tags_tag').on('vpn_hub_tags').columns(['tag_id']).execute();
}

/** 082: the VPN network of a hub (PUT /vpn/hubs/{id}/settings): the hub's address and netmask. */
export async function addVpnHubNetwork(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('vpn_hubs')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo('10.8.0.1'))
    .execute();
  await db.schema
    .alterTable('vpn_hubs')
    .addColumn('netmask', 'text', (c) => c.notNull().defaultTo('255.255.255.0'))
    .execute();
}

/** 083: the devices of VPN hubs (POST and DELETE /vpn/hubs/{id}/devices). */
export async function createVpnHubDevices(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vpn_hub_devices')
    .addColumn('hub_id', 'integer', (c) => c.notNull().references('vpn_hubs.id').onDelete('cascade'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('vpn_hub_devices_pk', ['hub_id', 'device_id'])
    .execute();
  await db.schema.createIndex('vpn_hub_devices_device').on('vpn_hub_devices').columns(['device_id']).execute();
}
