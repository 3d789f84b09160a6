// The RMS API's list query, one grammar for the console that writes it (list
// pages, lookups, the global search: engine/pages/query.ts,
// engine/schema/lookup.ts, engine/pages/lookup.ts, engine/search/search.ts)
// and the server that reads it (server/http/list-query.ts): `limit`,
// `offset`, `q` with `search-fields`, `sort` (comma-separated fields, `-`
// before one sorted descending) and `fields`, the lists comma-separated.

export type ListQuery = Record<string, string | number | boolean>;

/** A list request's own parameters; each is sent only when set. */
export interface ListRequest {
  limit?: number;
  offset?: number;
  /** Search text (trimmed; none when blank), with the fields it searches. */
  q?: string;
  searchFields?: readonly string[];
  /** A sort parameter as sortParam writes it. */
  sort?: string;
  /** The fields each row carries; a `fields` among `params` wins. */
  fields?: readonly string[];
}

/** The query of a list call: `params` (a document's fixed ones, the chosen filters) and the request's own. */
export function listQuery(request: ListRequest, params: ListQuery = {}): ListQuery {
  const query: ListQuery = { ...params };
  const q = request.q?.trim();
  if (q) query.q = q;
  if (request.limit !== undefined) query.limit = request.limit;
  if (request.offset !== undefined) query.offset = request.offset;
  if (request.sort) query.sort = request.sort;
  if (q && request.searchFields?.length) query['search-fields'] = request.searchFields.join(',');
  if (request.fields?.length && query.fields === undefined) query.fields = request.fields.join(',');
  return query;
}

export type SortDirection = 'asc' | 'desc';

/** One field of a sort parameter: `name` ascending, `-name` descending. */
export function sortTerm(term: string): { field: string; direction: SortDirection } {
  return term.startsWith('-') ? { field: term.slice(1), direction: 'desc' } : { field: term, direction: 'asc' };
}

/** The sort parameter's term of a field in a direction. */
export const sortParam = (field: string, direction: SortDirection): string =>
  direction === 'desc' ? `-${field}` : field;
