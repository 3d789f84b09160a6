import { Kysely, Migrator, type Migration, type MigrationProvider } from 'kysely';
import { binaryType, createDeviceSearch, generatedId, optimize } from './dialect';
import * as automations from './migrations-automations';
import { createDeviceHistory, createHotspots, createWireless } from './migrations-device-data';
import { addConnectSessions, addVpnHubNetwork, createVpnHubDevices, createVpnHubTags } from './migrations-access';
import { createConfigurator, createDataCollect, createImages } from './migrations-data-collect';
import {
  addDeviceImei,
  addDeviceSettings,
  addFileDescription,
  createDevicePasswords,
  createAccountSecurity,
  createApiTokens,
  createDocuments,
} from './migrations-features';
import * as vpnUsers from './migrations-vpn-users';
import * as sessions from './migrations-sessions';
import { addRecordJobKeys } from './migrations-job-keys';
import { addReportType } from './migrations-reports';
import {
  addDeviceStatusOrder,
  addDeviceLastConnectionOrder,
  addDeviceModelOrder,
  addDeviceRecordOrders,
  addDeviceStatusCounts,
  addDeviceTagsByTag,
  createDeviceCounts,
} from './migrations-fleet-scale';
import * as operator from './migrations-operator';
import * as designer from './migrations-designer';
import { addDeviceInputsAndCreditTypes, createDeviceGateway, temperatureInTenths } from './migrations-devices';
import { addRemoteRelay, createRemoteAccessTags } from './migrations-remote';
import { createTagActions } from './migrations-tags';

// Schema migrations, written with Kysely's schema builder; what SQLite and
// PostgreSQL spell differently (generated ids, binary content, the device
// search index) comes from ./dialect. Integers that may pass 2^31 (bytes)
// are bigint.

type Db = Kysely<unknown>;

const id = 'integer';

async function createCore(db: Db): Promise<void> {
  await db.schema
    .createTable('companies')
    .addColumn('id', id, generatedId(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_id', id, (c) => c.references('companies.id'))
    .addColumn('level', id, (c) => c.notNull())
    .addColumn('payment_type', 'text', (c) => c.notNull().defaultTo('free'))
    .addColumn('show_payment', id, (c) => c.notNull().defaultTo(0))
    .addColumn('remaining_data', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('roles')
    .addColumn('id', id, generatedId(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('company_id', id, (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('scope', id, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('permissions')
    .addColumn('id', id, generatedId(db))
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('role_permissions')
    .addColumn('role_id', id, (c) => c.notNull().references('roles.id').onDelete('cascade'))
    .addColumn('permission_id', id, (c) => c.notNull().references('permissions.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('role_permissions_pk', ['role_id', 'permission_id'])
    .execute();
  await db.schema
    .createTable('users')
    .addColumn('id', id, generatedId(db))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('company_id', id, (c) => c.notNull().references('companies.id'))
    .addColumn('role_id', id, (c) => c.notNull().references('roles.id'))
    .addColumn('email_verified', id, (c) => c.notNull().defaultTo(1))
    .addColumn('tos_accepted', id, (c) => c.notNull().defaultTo(0))
    .addColumn('mfa_type', 'text')
    .addColumn('mfa_secret', 'text')
    .addColumn('mfa_mandatory', id, (c) => c.notNull().defaultTo(0))
    .addColumn('external', id, (c) => c.notNull().defaultTo(0))
    .addColumn('impersonation_access_limit', 'text')
    .addColumn('country_iso_code', 'text')
    .addColumn('avatar_path', 'text')
    .addColumn('last_login_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('impersonator_id', id)
    .addColumn('impersonation_log_id', id)
    .addColumn('refresh_hash', 'text', (c) => c.notNull().unique())
    .addColumn('refresh_expires_at', 'text', (c) => c.notNull())
    .addColumn('impersonation_until', 'text')
    .addColumn('password_confirmed_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mfa_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('attempts', id, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

async function createAccountData(db: Db): Promise<void> {
  await db.schema
    .createTable('storage')
    .addColumn('id', id, generatedId(db))
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('storage_user_key', ['user_id', 'key'])
    .execute();
  await db.schema
    .createTable('notifications')
    .addColumn('id', id, generatedId(db))
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('seen_at', 'text')
    .execute();
  await db.schema
    .createTable('announcements')
    .addColumn('id', id, generatedId(db))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('invitations')
    .addColumn('id', id, generatedId(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company_id', id, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('role_id', id, (c) => c.references('roles.id'))
    .addColumn('invited_by', id, (c) => c.notNull())
    .addColumn('bounce_status', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('impersonation_logs')
    .addColumn('id', id, generatedId(db))
    .addColumn('impersonator_id', id, (c) => c.notNull())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('company_id', id, (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema
    .createTable('mail_logs')
    .addColumn('id', id, generatedId(db))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('suppressed_emails')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

async function createFleet(db: Db): Promise<void> {
  await db.schema
    .createTable('devices')
    .addColumn('id', id, generatedId(db))
    .addColumn('company_id', id, (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('original_model', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull())
    .addColumn('serial', 'text', (c) => c.notNull())
    .addColumn('mac', 'text', (c) => c.notNull())
    .addColumn('firmware', 'text', (c) => c.notNull())
    .addColumn('status', id, (c) => c.notNull())
    .addColumn('is_facelift', id, (c) => c.notNull().defaultTo(0))
    .addColumn('signal', id)
    .addColumn('temperature', id)
    .addColumn('operator', 'text')
    .addColumn('connection_type', 'text')
    .addColumn('wan_ip', 'text')
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('router_uptime', id, (c) => c.notNull().defaultTo(0))
    .addColumn('credit_enabled', id, (c) => c.notNull().defaultTo(1))
    .addColumn('monitoring_enabled', id, (c) => c.notNull().defaultTo(1))
    .addColumn('remaining_data', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_connection_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('tags')
    .addColumn('id', id, generatedId(db))
    .addColumn('company_id', id, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('color', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('device_tags')
    .addColumn('device_id', id, (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('tag_id', id, (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('device_tags_pk', ['device_id', 'tag_id'])
    .execute();
  await db.schema
    .createTable('remote_access')
    .addColumn('id', id, generatedId(db))
    .addColumn('device_id', id, (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('company_id', id, (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('destination_ip', 'text', (c) => c.notNull())
    .addColumn('destination_port', id, (c) => c.notNull())
    .addColumn('is_main', id, (c) => c.notNull().defaultTo(0))
    .addColumn('credentials_required', id, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('remote_access_history')
    .addColumn('id', id, generatedId(db))
    .addColumn('remote_access_id', id, (c) => c.notNull().references('remote_access.id').onDelete('cascade'))
    .addColumn('company_id', id, (c) => c.notNull())
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('protocol', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema
    .createTable('vpn_hubs')
    .addColumn('id', id, generatedId(db))
    .addColumn('company_id', id, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quick_hub', id, (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', id, (c) => c.notNull().defaultTo(1))
    .addColumn('port', id, (c) => c.notNull())
    .addColumn('bytes_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('records')
    .addColumn('id', id, generatedId(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('company_id', id, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text')
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

async function createResources(db: Db): Promise<void> {
  await db.schema
    .createTable('credit_types')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('credit_type', 'text', (c) => c.notNull())
    .addColumn('payment_type', 'text', (c) => c.notNull())
    .addColumn('license_type', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('credits')
    .addColumn('id', id, generatedId(db))
    .addColumn('company_id', id, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('credit_type_id', id, (c) => c.notNull().references('credit_types.id'))
    .addColumn('credit_count', id, (c) => c.notNull())
    .addColumn('credit_left', id, (c) => c.notNull())
    .addColumn('credit_price', 'double precision')
    .addColumn('pro_form_nr', 'text')
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .addColumn('expire_at', 'text')
    .execute();
  await db.schema
    .createTable('credit_codes')
    .addColumn('id', id, generatedId(db))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', id, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('credit_type_id', id, (c) => c.notNull().references('credit_types.id'))
    .addColumn('amount', id, (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('is_used', id, (c) => c.notNull().defaultTo(0))
    .addColumn('used_by_company_id', id)
    .addColumn('used_by_user_id', id)
    .addColumn('activated_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('company_data_history')
    .addColumn('id', id, generatedId(db))
    .addColumn('company_id', id, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('data', 'bigint', (c) => c.notNull())
    .addColumn('credits_used', id, (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('files')
    .addColumn('id', id, generatedId(db))
    .addColumn('company_id', id, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('device_id', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('device_model', 'text')
    .addColumn('version', 'text')
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('content', binaryType(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('api_specifications')
    .addColumn('id', id, generatedId(db))
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('api_specifications_system_version', ['system', 'version'])
    .execute();
}

const indexes: [string, string, string[]][] = [
  ['devices_company', 'devices', ['company_id', 'id']],
  ['devices_name', 'devices', ['name']],
  ['devices_serial', 'devices', ['serial']],
  ['devices_family', 'devices', ['family']],
  ['device_tags_tag', 'device_tags', ['tag_id']],
  ['companies_parent', 'companies', ['parent_id']],
  ['users_company', 'users', ['company_id']],
  ['tags_company', 'tags', ['company_id']],
  ['notifications_user', 'notifications', ['user_id', 'id']],
  ['records_kind_company', 'records', ['kind', 'company_id']],
  ['credits_company', 'credits', ['company_id', 'credit_type_id']],
  ['remote_access_company', 'remote_access', ['company_id']],
  ['vpn_hubs_company', 'vpn_hubs', ['company_id']],
];

async function createIndexes(db: Db): Promise<void> {
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

const migrations: Record<string, Migration> = {
  '001_core': { up: createCore },
  '002_account_data': { up: createAccountData },
  '003_fleet': { up: createFleet },
  '004_resources': { up: createResources },
  '005_indexes': { up: createIndexes },
  '006_device_search': { up: (db) => createDeviceSearch(db, ['name', 'serial', 'mac']) },
  '010_api_tokens': { up: createApiTokens },
  '020_documents': { up: createDocuments },
  '030_account_security': { up: createAccountSecurity },
  '050_device_imei': { up: addDeviceImei },
  '060_device_settings': { up: addDeviceSettings },
  '061_device_passwords': { up: createDevicePasswords },
  '062_file_description': { up: addFileDescription },
  '080_connect_sessions': { up: addConnectSessions },
  '081_vpn_hub_tags': { up: createVpnHubTags },
  '082_vpn_hub_network': { up: addVpnHubNetwork },
  '083_vpn_hub_devices': { up: createVpnHubDevices },
  '090_automation_devices': { up: automations.createAutomationDevices },
  '091_alert_stores': { up: automations.createAlertStores },
  '092_device_alert_configurations': { up: automations.createDeviceAlertConfigurations },
  '093_device_tasks': { up: automations.createDeviceTasks },
  '095_vpn_hub_zone': { up: vpnUsers.addVpnHubZone },
  '096_vpn_hub_routes': { up: vpnUsers.createVpnHubRoutes },
  '097_vpn_hub_dhcp': { up: vpnUsers.createVpnHubDhcp },
  '098_vpn_hub_device_rules': { up: vpnUsers.addVpnHubDeviceRules },
  '099_vpn_hub_user_logs': { up: vpnUsers.createVpnHubUserLogs },
  '100_data_collect': { up: createDataCollect },
  '101_images': { up: createImages },
  '102_configurator': { up: createConfigurator },
  '110_device_history': { up: createDeviceHistory },
  '111_hotspots': { up: createHotspots },
  '112_wireless': { up: createWireless },
  '120_report_type': { up: addReportType },
  '125_record_job_keys': { up: addRecordJobKeys },
  '130_device_status_order': { up: addDeviceStatusOrder },
  '131_device_counts': { up: createDeviceCounts },
  '140_vpn_hub_sessions': { up: sessions.createVpnHubSessions },
  '141_vpn_hub_user_log_session': { up: sessions.addVpnHubUserLogSession },
  '150_task_group_details': { up: operator.syncTaskGroupDetails },
  '151_user_time_zone': { up: operator.addUserTimeZone },
  '152_custom_values': { up: designer.createCustomValues },
  '153_document_drafts': { up: designer.createDocumentDrafts },
  '154_device_gateway': { up: createDeviceGateway },
  '155_remote_relay': { up: addRemoteRelay },
  '156_device_last_connection_order': { up: addDeviceLastConnectionOrder },
  '157_temperature_in_tenths': { up: temperatureInTenths },
  '158_device_inputs_and_credit_types': { up: addDeviceInputsAndCreditTypes },
  '159_device_model_order': { up: addDeviceModelOrder },
  '160_device_tags_by_tag': { up: addDeviceTagsByTag },
  '161_device_record_orders': { up: addDeviceRecordOrders },
  '162_device_status_counts': { up: addDeviceStatusCounts },
  '163_vpn_hub_type': { up: vpnUsers.addVpnHubType },
  '164_remote_access_tags': { up: createRemoteAccessTags },
  '165_vpn_hub_enabled_until': { up: vpnUsers.addVpnHubEnabledUntil },
  '166_tag_actions': { up: createTagActions },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Kysely<unknown>): Promise<void> {
  const { error } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) throw error;
  await optimize(db);
}
