// Options of a page lookup (filters, prompt select boxes): GET endpoint with limit 100.
import { listQuery } from '../contract/list-query';
import { http } from '../http/client';
import { readEnvelope } from './fetch-list';
import type { PageLookup, PageOption } from './types';

export const LOOKUP_LIMIT = 100;

export async function lookupOptions(lookup: PageLookup, signal?: AbortSignal): Promise<PageOption[]> {
  const response = await http.get(lookup.endpoint, {
    params: listQuery({ limit: LOOKUP_LIMIT }, lookup.params),
    signal,
    cache: true,
    skipCancel: true,
  });
  return readEnvelope(response.data).rows.map((row) => ({
    value: row[lookup.valueKey ?? 'id'] as string | number,
    label: String(row[lookup.labelKey ?? 'name'] ?? ''),
  }));
}
