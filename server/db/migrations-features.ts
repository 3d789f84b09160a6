import { sql, type Kysely } from 'kysely';
import { generatedId, rebuildDeviceSearch } from './dialect';
import { DEVICE_MONITORING } from '../services/device-monitoring';

// The migrations that came after the first schema (006): personal access
// tokens, the document store, account security and the device IMEI. Like
// the first ones, portable SQL through Kysely; what SQLite and PostgreSQL
// spell differently comes from ./dialect.

type Db = Kysely<unknown>;

const id = 'integer';

/** Personal access tokens: the SHA-256 of the secret, never the secret itself. */
export async function createApiTokens(db: Db): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', id, generatedId(db))
    .addColumn('user_id', id, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('last_used_ip', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').columns(['user_id']).execute();
}

/**
 * The document store (forms, prompts, lookups, pages): the published document of
 * each name, every version with its author and time, and an audit log of changes.
 * An existing database gets the manage_documents permission for its super admins;
 * a new one gets it from fixtures/ when it is seeded.
 */
export async function createDocuments(db: Db): Promise<void> {
  await db.schema
    .createTable('documents')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', id, (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('documents_pk', ['kind', 'name'])
    .execute();
  await db.schema
    .createTable('document_versions')
    .addColumn('id', id, generatedId(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('version', id, (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('author_id', id)
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('document_versions_unique', ['kind', 'name', 'version'])
    .execute();
  await db.schema
    .createTable('document_audit')
    .addColumn('id', id, generatedId(db))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('version', id, (c) => c.notNull())
    .addColumn('from_version', id)
    .addColumn('actor_id', id)
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const existing = await sql<{ n: number }>`select count(*) as n from permissions`.execute(db);
  if (Number(existing.rows[0]?.n ?? 0) === 0) return;
  await sql`insert into permissions (name, title, category, created_at)
    values ('manage_documents', 'Manage form documents', 'system', ${new Date().toISOString()})`.execute(db);
  await sql`insert into role_permissions (role_id, permission_id)
    select r.id, p.id from roles r, permissions p where r.name = 'super_admin' and p.name = 'manage_documents'`.execute(
    db,
  );
}

/**
 * Account security: rotated-out refresh tokens (a reused one ends its whole
 * session), the last TOTP time step a user spent (RFC 6238 §5.2: never
 * twice), and e-mail changes waiting for the new address to be verified.
 */
export async function createAccountSecurity(db: Db): Promise<void> {
  await db.schema
    .createTable('retired_refresh_tokens')
    .addColumn('refresh_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('retired_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('users').addColumn('totp_last_step', id).execute();
  await db.schema
    .createTable('email_changes')
    .addColumn('user_id', id, (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', id, (c) => c.notNull().defaultTo(0))
    .execute();
}

/**
 * Devices carry the IMEI of their modem, and the device search answers it beside name, serial and MAC (operators
 * know a device by any of them): the search index is rebuilt over the four columns.
 */
export async function addDeviceImei(db: Db): Promise<void> {
  await db.schema.alterTable('devices').addColumn('imei', 'text').execute();
  await rebuildDeviceSearch(db, ['name', 'serial', 'mac', 'imei']);
}

/**
 * Devices carry the settings an operator gives them through the RMS API: a description, the interval of each kind
 * of monitoring in seconds (0 is off) and a position set by hand.
 */
export async function addDeviceSettings(db: Db): Promise<void> {
  const columns: [string, 'text' | 'integer' | 'double precision'][] = [
    ['description', 'text'],
    ...DEVICE_MONITORING.map((name) => [name, 'integer'] as [string, 'integer']),
    ['user_set_latitude', 'double precision'],
    ['user_set_longitude', 'double precision'],
  ];
  for (const [name, type] of columns) await db.schema.alterTable('devices').addColumn(name, type).execute();
}

/**
 * Device passwords (the RMS API's device password tasks): a device's password encrypted (AES-256-GCM, never a
 * plain copy), and each task with its devices; a task device keeps its password encrypted while the task runs, and
 * after only when the caller asked to see it (generated passwords, or show_password), for the download.
 */
export async function createDevicePasswords(db: Db): Promise<void> {
  await db.schema.alterTable('devices').addColumn('password', 'text').execute();
  await db.schema
    .createTable('device_password_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', id, (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('user_id', id, (c) => c.notNull())
    .addColumn('total', id, (c) => c.notNull())
    .addColumn('completed', id, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('device_password_task_devices')
    .addColumn('task_id', 'text', (c) => c.notNull().references('device_password_tasks.id').onDelete('cascade'))
    .addColumn('device_id', id, (c) => c.notNull().references('devices.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('password', 'text')
    .addColumn('shown', id, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('device_password_task_devices_pk', ['task_id', 'device_id'])
    .execute();
  await db.schema
    .createIndex('device_password_tasks_company')
    .on('device_password_tasks')
    .columns(['company_id', 'created_at'])
    .execute();
}

/** Files carry the description an operator gives them (PUT /files/{id}). */
export async function addFileDescription(db: Db): Promise<void> {
  await db.schema.alterTable('files').addColumn('description', 'text').execute();
}
