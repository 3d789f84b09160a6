import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isEmptyValue } from '../../engine/schema/depends';
import { permits } from '../../engine/permissions/document';
import type { FormDocument, PermissionList } from '../../engine/schema/types';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/types';
import type { DocumentStore } from '../documents/store';
import type { Actor } from '../auth/actor';
import type { ListSpec } from '../http/list-query';
import { customFieldsOf, resourceOfRoute, type CustomResource } from './resources';

// The stored values of custom fields: written with the record (in its
// transaction), read as one JSON object per row, `custom_fields`.

type Values = Record<string, unknown>;

/** The validated form value's custom fields (the keys the resource does not store). */
export function customValues(resource: CustomResource, form: Values | null | undefined): Values {
  return Object.fromEntries(Object.entries(form ?? {}).filter(([key]) => !resource.stored.includes(key)));
}

/** A value as lists filter and sort on it. */
function textOf(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Writes a record's submitted custom values: a value replaces the stored one,
 * an empty one removes it; keys not submitted (a field hidden or one the user
 * may not see) keep theirs.
 */
export async function saveCustomValues(
  db: Kysely<Database>,
  resource: CustomResource,
  record: { id: number; companyId: number | null },
  values: Values,
  now: string,
): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const where = db
      .deleteFrom('custom_values')
      .where('resource', '=', resource.name)
      .where('record_id', '=', record.id)
      .where('key', '=', key);
    if (isEmptyValue(value)) {
      await where.execute();
      continue;
    }
    const row = {
      company_id: record.companyId,
      value: JSON.stringify(value),
      text_value: textOf(value),
      number_value: typeof value === 'number' && Number.isFinite(value) ? value : null,
      updated_at: now,
    };
    await db
      .insertInto('custom_values')
      .values({ resource: resource.name, record_id: record.id, key, ...row })
      .onConflict((oc) => oc.columns(['resource', 'record_id', 'key']).doUpdateSet(row))
      .execute();
  }
}

/** Whether writing these custom values would change what the record has stored (an empty value: a stored one). */
export async function changesCustomValues(
  db: Kysely<Database>,
  resource: CustomResource,
  id: number,
  values: Values,
): Promise<boolean> {
  const keys = Object.keys(values);
  if (!keys.length) return false;
  const rows = await db
    .selectFrom('custom_values')
    .select(['key', 'value'])
    .where('resource', '=', resource.name)
    .where('record_id', '=', id)
    .where('key', 'in', keys)
    .execute();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return keys.some((key) =>
    isEmptyValue(values[key]) ? stored.has(key) : stored.get(key) !== JSON.stringify(values[key]),
  );
}

/** Removes a record's custom values (the record was deleted). */
export async function dropCustomValues(db: Kysely<Database>, resource: CustomResource, id: number): Promise<void> {
  await db.deleteFrom('custom_values').where('resource', '=', resource.name).where('record_id', '=', id).execute();
}

/** A row's custom values as one JSON object (text), `{}` for none. */
function customFieldsExpr(db: Kysely<Database>, resource: CustomResource, idColumn: string): RawBuilder<string> {
  const where = sql`from custom_values cv where cv.resource = ${sql.lit(resource.name)} and cv.record_id = ${sql.ref(idColumn)}`;
  return isPostgres(db)
    ? sql`(select coalesce(json_object_agg(cv.key, cv.value::json), '{}'::json) ${where})`
    : sql`(select json_group_object(cv.key, json(cv.value)) ${where})`;
}

/** The custom fields of the resource's published forms, by key, with the permission a reader needs. */
export function publishedCustomFields(store: DocumentStore, resource: CustomResource) {
  const fields = new Map<string, { label?: string; type?: string; permission?: PermissionList; forms: string[] }>();
  for (const { name, document } of store.list('forms')) {
    const doc = document as unknown as FormDocument;
    if (!Array.isArray(doc.fields) || typeof doc.endpoint !== 'string') continue;
    if (resourceOfRoute(doc.method ?? 'post', doc.endpoint) !== resource) continue;
    for (const field of customFieldsOf(doc)) {
      const known = fields.get(field.key);
      if (known) known.forms.push(name);
      else fields.set(field.key, { label: field.label, type: field.type, permission: field.permission, forms: [name] });
    }
  }
  return fields;
}

/**
 * A list spec whose rows carry `custom_fields` (a field gated by a permission
 * the reader lacks is left out) and that filters and sorts by them.
 */
export function withCustomFields(
  spec: ListSpec,
  db: Kysely<Database>,
  store: DocumentStore,
  resource: CustomResource,
  permissions: readonly string[],
): ListSpec {
  const gated = [...publishedCustomFields(store, resource)]
    .filter(([, f]) => !permits(permissions, f.permission))
    .map(([key]) => key);
  const readable = (row: Values) => {
    if (!gated.length || !row.custom_fields) return row;
    const custom = { ...(row.custom_fields as Values) };
    for (const key of gated) delete custom[key];
    return { ...row, custom_fields: custom };
  };
  const map = spec.map;
  return {
    ...spec,
    fields: { ...spec.fields, custom_fields: customFieldsExpr(db, resource, spec.idColumn) },
    json: [...(spec.json ?? []), 'custom_fields'],
    custom: { resource: resource.name, idColumn: spec.idColumn, denied: gated },
    map: (row) => readable(map ? map(row) : row),
  };
}

/**
 * The custom field keys of a resource a caller may read: those its published
 * forms have and those with values stored in the caller's companies (a field
 * removed from its form keeps them until an owner deletes them).
 */
export async function customKeys(
  db: Kysely<Database>,
  store: DocumentStore,
  resource: CustomResource,
  actor: Pick<Actor, 'companyIds' | 'permissions'>,
): Promise<string[]> {
  const published = publishedCustomFields(store, resource);
  let query = db.selectFrom('custom_values').select('key').distinct().where('resource', '=', resource.name);
  if (actor.companyIds !== null) query = query.where('company_id', 'in', actor.companyIds);
  const stored = (await query.execute()).map((r) => r.key);
  const permissions = [...actor.permissions];
  return [...new Set([...published.keys(), ...stored])]
    .filter((key) => permits(permissions, published.get(key)?.permission))
    .sort();
}

/** A list spec for a CSV export: one column per custom field (`custom_fields.<key>`) instead of the object. */
export function withExportColumns(spec: ListSpec, keys: readonly string[]): ListSpec {
  return { ...spec, custom: { ...spec.custom!, columns: keys } };
}
