import { list } from '../http/envelope';
import { invalid } from '../http/envelope';

// List query over rows computed in memory (charts, histories, logs derived
// from a device): q over the named fields, sort with '-', limit and offset.

export interface MemoryListOptions {
  search?: string[];
  sortable: string[];
  defaultSort?: string;
  maxLimit?: number;
}

type Row = Record<string, unknown>;

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

export function memoryList(rows: Row[], query: Record<string, unknown>, options: MemoryListOptions) {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const int = (name: string, fallback: number) => {
    const raw = str(query[name]);
    if (raw === '') return fallback;
    if (!/^\d+$/.test(raw)) throw invalid([name, `The ${name} must be a non-negative integer.`]);
    return Number(raw);
  };
  const limit = Math.min(int('limit', 10), options.maxLimit ?? 1000);
  const offset = int('offset', 0);
  const q = str(query.q).trim().toLowerCase();
  let out = q
    ? rows.filter((r) =>
        (options.search ?? []).some((f) =>
          String(r[f] ?? '')
            .toLowerCase()
            .includes(q),
        ),
      )
    : [...rows];
  const sort = str(query.sort) || options.defaultSort || '';
  for (const key of sort.split(',').filter(Boolean).reverse()) {
    const desc = key.startsWith('-');
    const name = desc ? key.slice(1) : key;
    if (!options.sortable.includes(name)) throw invalid(['sort', `The sort field ${name} is not supported.`]);
    out = out.sort((a, b) => (desc ? -1 : 1) * compare(a[name], b[name]));
  }
  return list(out.slice(offset, offset + limit), out.length);
}
