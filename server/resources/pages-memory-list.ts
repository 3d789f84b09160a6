import { list } from '../http/envelope';
import { invalid } from '../http/envelope';
import { unsupportedSort } from '../http/list-query';

// List query over rows computed in memory (charts, histories, logs derived
// from a device): q over the named fields (search-fields narrows them), sort
// with '-', limit and offset. Every parameter has its allow list: an unknown
// sort or search field, or a q on a list without a search, is a 422 naming it.

export interface MemoryListOptions {
  search?: string[];
  sortable: string[];
  defaultSort?: string;
  maxLimit?: number;
  /** A list the vendor API does not page: without `limit` it answers every row (up to maxLimit), not 10. */
  unpaged?: boolean;
}

type Row = Record<string, unknown>;

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const names = (v: unknown) =>
  str(v)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The fields `q` searches: the list's search, narrowed by search-fields (each of which it must search). */
function searchedFields(query: Record<string, unknown>, search: string[]): string[] {
  const narrowed = names(query['search-fields']);
  const unknown = narrowed.find((f) => !search.includes(f));
  if (unknown !== undefined) throw invalid(['search-fields', `The search field ${unknown} is not supported.`]);
  return narrowed.length ? narrowed : search;
}

/** The list envelope of the page of rows the query asks for; `meta` joins the total. */
export function memoryList(
  rows: Row[],
  query: Record<string, unknown>,
  options: MemoryListOptions,
  meta?: Record<string, unknown>,
) {
  const int = (name: string, fallback: number) => {
    const raw = str(query[name]);
    if (raw === '') return fallback;
    if (!/^\d+$/.test(raw)) throw invalid([name, `The ${name} must be a non-negative integer.`]);
    return Number(raw);
  };
  const maxLimit = options.maxLimit ?? 1000;
  const limit = Math.min(int('limit', options.unpaged ? maxLimit : 10), maxLimit);
  const offset = int('offset', 0);
  const q = str(query.q).trim().toLowerCase();
  const search = searchedFields(query, options.search ?? []);
  if (q && !search.length) throw invalid(['q', 'This list cannot be searched.']);
  let out = q
    ? rows.filter((r) =>
        search.some((f) =>
          String(r[f] ?? '')
            .toLowerCase()
            .includes(q),
        ),
      )
    : [...rows];
  for (const key of names(query.sort || options.defaultSort).reverse()) {
    const desc = key.startsWith('-');
    const name = desc ? key.slice(1) : key;
    if (!options.sortable.includes(name)) throw unsupportedSort(name, options.sortable);
    out = out.sort((a, b) => (desc ? -1 : 1) * compare(a[name], b[name]));
  }
  return list(out.slice(offset, offset + limit), out.length, meta);
}
