// List query of the RMS API: limit, offset, q, sort ('-' descending), the
// document's fixed params and the chosen filters.
import { resolveTemplate, type Scope } from './template';
import type { ListState } from './list-state';
import type { PageDocument } from './types';

export type ListQuery = Record<string, string | number | boolean>;

export function buildListQuery(doc: PageDocument, state: ListState, scope: Scope = {}): ListQuery {
  const query: ListQuery = {};
  for (const [key, value] of Object.entries(doc.params ?? {})) {
    const resolved = resolveTemplate(value, scope);
    if (resolved !== undefined && resolved !== null && resolved !== '')
      query[key] = resolved as string | number | boolean;
  }
  query.limit = state.pageSize;
  query.offset = (state.page - 1) * state.pageSize;
  if (state.sort) query.sort = state.sort;
  const q = state.q.trim();
  if (q) {
    query.q = q;
    if (doc.search?.fields?.length) query['search-fields'] = doc.search.fields.join(',');
  }
  const allowed = new Set((doc.filters ?? []).map((f) => f.key));
  for (const [key, value] of Object.entries(state.filters)) {
    if (allowed.has(key) && value !== '') query[key] = value;
  }
  return query;
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
