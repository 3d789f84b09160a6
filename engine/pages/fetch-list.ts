// Loads one page of a list through the HTTP client (contract 1) and reads the
// RMS envelope: data list and meta.total.
import { http } from '../http/client';
import { buildListQuery } from './query';
import { resolvePath, resolveTemplate, type Scope } from './template';
import type { ListState } from './list-state';
import type { PageDocument } from './types';

export interface ListPageData {
  rows: Record<string, unknown>[];
  total: number;
}

export function readEnvelope(body: unknown): ListPageData {
  const envelope = (body ?? {}) as { data?: unknown; meta?: { total?: unknown } };
  const rows = Array.isArray(envelope.data) ? (envelope.data as Record<string, unknown>[]) : [];
  const total = Number(envelope.meta?.total);
  return { rows, total: Number.isFinite(total) ? total : rows.length };
}

export async function fetchList(
  doc: PageDocument,
  state: ListState,
  scope: Scope,
  signal?: AbortSignal,
): Promise<ListPageData> {
  const url = resolvePath(doc.endpoint ?? '', scope);
  if (!url) throw new Error(`Missing route parameter for ${doc.endpoint}`);
  const response = await http.get<unknown>(url, { params: buildListQuery(doc, state, scope), signal });
  return readEnvelope(response.data);
}

/** Rows fetched a page at a time for an export. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Every row of the list as it is filtered and sorted, a page at a time, telling `onProgress` how many of how many
 * have arrived (an export of a large list shows its progress and can be stopped by `signal`).
 */
export async function fetchAllRows(
  doc: PageDocument,
  state: ListState,
  scope: Scope,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const data = await fetchList(doc, { ...state, page, pageSize: EXPORT_PAGE_SIZE }, scope, signal);
    rows.push(...data.rows);
    onProgress(rows.length, Math.max(data.total, rows.length));
    if (data.rows.length < EXPORT_PAGE_SIZE || rows.length >= data.total) return rows;
  }
}

export async function fetchItem(
  doc: PageDocument,
  scope: Scope,
  signal?: AbortSignal,
): Promise<Record<string, unknown>> {
  const url = resolvePath(doc.endpoint ?? '', scope);
  if (!url) throw new Error(`Missing route parameter for ${doc.endpoint}`);
  const response = await http.get<{ data?: unknown }>(url, { params: resolveParams(doc, scope), signal });
  // A list filtered by id (`"params": {"id": "{id}"}`) answers the item as its first row.
  const data = Array.isArray(response.data?.data) ? response.data.data[0] : response.data?.data;
  // An empty answer is a missing item, told as the server's 404 would be (the page's "not found" text).
  if (!data || typeof data !== 'object') throw Object.assign(new Error('Not found'), { status: 404 });
  return data as Record<string, unknown>;
}

export async function fetchRows(doc: PageDocument, scope: Scope, signal?: AbortSignal): Promise<ListPageData> {
  const url = resolvePath(doc.endpoint ?? '', scope);
  if (!url) throw new Error(`Missing route parameter for ${doc.endpoint}`);
  const response = await http.get<unknown>(url, { params: { limit: 100, ...resolveParams(doc, scope) }, signal });
  return readEnvelope(response.data);
}

function resolveParams(doc: PageDocument, scope: Scope): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc.params ?? {})) params[key] = resolveTemplate(value, scope);
  return params;
}
