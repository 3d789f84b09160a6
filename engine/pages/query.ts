// A list page's query (engine/contract/list-query.ts): its paging, sort, search and fields, the
// document's fixed params and the chosen filters.
import { placeholderKeys } from '../contract/endpoint';
import { listQuery, type ListQuery } from '../contract/list-query';
import { FORMATTER_ROW_FIELDS } from '../format/formatters';
import { resolveTemplate, type Scope } from './template';
import type { ListState } from './list-state';
import type { PageDocument } from './types';

export function buildListQuery(doc: PageDocument, state: ListState, scope: Scope = {}): ListQuery {
  const params: ListQuery = {};
  for (const [key, value] of Object.entries(doc.params ?? {})) {
    const resolved = resolveTemplate(value, scope);
    if (resolved !== undefined && resolved !== null && resolved !== '')
      params[key] = resolved as string | number | boolean;
  }
  const allowed = new Set((doc.filters ?? []).map((f) => f.key));
  for (const [key, value] of Object.entries(state.filters)) {
    if (allowed.has(key) && value !== '') params[key] = value;
  }
  return listQuery(
    {
      fields: listFields(doc),
      limit: state.pageSize,
      offset: (state.page - 1) * state.pageSize,
      sort: state.sort,
      q: state.q,
      searchFields: doc.search?.fields,
    },
    params,
  );
}

/** The fields that name a row, the first one it has (the table's row names: checkbox and action labels). */
const ROW_NAMES = ['name', 'email', 'serial', 'title'];

/** A row's name: its first naming field, else its key. */
export function rowName(row: Record<string, unknown>, rowKey: string): string {
  const field = ROW_NAMES.find((name) => row[name] != null);
  return String(row[field ?? rowKey]);
}

/**
 * The fields a list page's rows use, asked for with `fields`: a record can be large (a device's has 142 fields,
 * docs/api-compatibility.md) and the table shows a few. Its key, its columns (custom fields with the record's
 * custom fields), the fields its column links and formatters read, the fields that name a row and, on a live
 * list, the company whose channel brings its rows' changes. None (whole records) when a
 * row action takes the row as its context (its prompt, form, request or texts may read any field).
 */
export function listFields(doc: PageDocument): string[] | undefined {
  if (doc.rowActions?.length || !doc.columns?.length) return undefined;
  const fields = new Set([doc.rowKey ?? 'id', ...ROW_NAMES]);
  for (const column of doc.columns) {
    fields.add(column.key.split('.')[0]);
    for (const key of placeholderKeys(column.link ?? '')) fields.add(key.split('.')[0]);
    for (const key of FORMATTER_ROW_FIELDS[column.formatter ?? ''] ?? []) fields.add(key);
  }
  if (doc.customFields) fields.add('custom_fields');
  // A live list follows its rows' company channels (engine/device/live liveChannels reads each row's company).
  if (doc.live) fields.add('company_id');
  return [...fields];
}

/**
 * The URL of the CSV export of the list as it is filtered (`doc.export`, under /api): the list query without
 * paging (the server streams every page) and the visible columns as `fields`.
 */
export function exportUrl(
  doc: PageDocument,
  state: ListState,
  scope: Scope,
  columns: readonly string[],
): string | undefined {
  if (!doc.export) return undefined;
  const { limit: _limit, offset: _offset, ...query } = buildListQuery(doc, state, scope);
  const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  // A custom field's column (`custom_fields.<key>`) is exported with the record's custom fields.
  const custom = columns.some((key) => key.startsWith('custom_fields.')) ? ['custom_fields'] : [];
  const fields = [...columns.filter((key) => !key.includes('.')), ...custom];
  if (fields.length) params.set('fields', fields.join(','));
  return `/api${doc.export}?${params}`;
}
