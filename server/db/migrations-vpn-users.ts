import type { Kysely } from 'kysely';
import { generatedId } from './dialect';

// The VPN migrations of hub users, routes, DHCP options and device rules (095 upward).
// Hub users stay records of kind vpn_hub_user (GET /vpn/hubs/users lists them).

type Db = Kysely<unknown>;

/**
 * 095: the zone and description of a hub (POST /vpn/hubs/connect) and its
 * OpenVPN static key (written into client configurations, never listed).
 */
export async function addVpnHubZone(db: Db): Promise<void> {
  for (const column of ['zone', 'description', 'tls_key']) {
    await db.schema.alterTable('vpn_hubs').addColumn(column, 'text').execute();
  }
}

/** 163: the tunnel a hub's clients open (tap or tun, POST /vpn/hubs vpn_type; null is tun). */
export async function addVpnHubType(db: Db): Promise<void> {
  await db.schema.alterTable('vpn_hubs').addColumn('vpn_type', 'text').execute();
}

/** 165: when a hub turned on for a while (PUT /vpn/hubs/{id}/toggle duration) switches off; null: it stays on. */
export async function addVpnHubEnabledUntil(db: Db): Promise<void> {
  await db.schema.alterTable('vpn_hubs').addColumn('enabled_until', 'text').execute();
}

/** 096: the routes of a hub, each through one of its users (via). */
export async function createVpnHubRoutes(db: Db): Promise<void> {
  await db.schema
    .createTable('vpn_hub_routes')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('hub_id', 'integer', (c) => c.notNull().references('vpn_hubs.id').onDelete('cascade'))
    .addColumn('hub_user_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('netmask', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('vpn_hub_routes_network', ['hub_id', 'ip', 'netmask'])
    .execute();
}

/** 097: the DHCP options a hub pushes to its clients (DNS and WINS servers). */
export async function createVpnHubDhcp(db: Db): Promise<void> {
  await db.schema
    .createTable('vpn_hub_dhcp_options')
    .addColumn('hub_id', 'integer', (c) => c.notNull().references('vpn_hubs.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('vpn_hub_dhcp_options_pk', ['hub_id', 'type', 'ip'])
    .execute();
}

/** 098: a hub device's forwarding rules (VPN to LAN, VPN to WAN) and when its configuration was last synced. */
export async function addVpnHubDeviceRules(db: Db): Promise<void> {
  for (const column of ['lan', 'wan']) {
    await db.schema
      .alterTable('vpn_hub_devices')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('vpn_hub_devices').addColumn('synced_at', 'text').execute();
}

/** 099: the daily traffic of each hub user. */
export async function createVpnHubUserLogs(db: Db): Promise<void> {
  await db.schema
    .createTable('vpn_hub_user_logs')
    .addColumn('id', 'integer', generatedId(db))
    .addColumn('hub_id', 'integer', (c) => c.notNull().references('vpn_hubs.id').onDelete('cascade'))
    .addColumn('hub_user_id', 'integer', (c) => c.notNull().references('records.id').onDelete('cascade'))
    .addColumn('session_bytes_send', 'bigint', (c) => c.notNull())
    .addColumn('session_bytes_received', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('vpn_hub_user_logs_user')
    .on('vpn_hub_user_logs')
    .columns(['hub_user_id', 'created_at'])
    .execute();
}
