// The state of a list page and its URL form: page, page size, sort, search and
// filters live in the query string so a view can be shared.
import { sortParam, sortTerm } from '../contract/list-query';
import type { PageDocument } from './types';

export interface ListState {
  /** 1-based page number. */
  page: number;
  pageSize: number;
  /** Column key, '-' prefix for descending; '' for the server's order. */
  sort: string;
  q: string;
  filters: Record<string, string>;
}

export const DEFAULT_PAGE_SIZES: readonly number[] = [10, 25, 50, 100];
const FILTER_PREFIX = 'f.';

export function pageSizesOf(doc: PageDocument): readonly number[] {
  return doc.pageSizes?.length ? doc.pageSizes : DEFAULT_PAGE_SIZES;
}

export function defaultListState(doc: PageDocument, preferredPageSize?: number): ListState {
  const sizes = pageSizesOf(doc);
  const pageSize =
    preferredPageSize && sizes.includes(preferredPageSize) ? preferredPageSize : (doc.defaultPageSize ?? sizes[0]);
  return { page: 1, pageSize, sort: doc.defaultSort ?? '', q: '', filters: {} };
}

function positiveInt(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

/** Reads the state from the URL; unknown sorts, filters and page sizes fall back to the defaults. */
export function parseListState(params: URLSearchParams, doc: PageDocument, base: ListState): ListState {
  const sortable = new Set((doc.columns ?? []).filter((c) => c.sortable).map((c) => c.key));
  const sortParam = params.get('sort');
  const sort =
    sortParam !== null && (sortParam === '' || sortable.has(sortParam.replace(/^-/, ''))) ? sortParam : base.sort;
  const size = positiveInt(params.get('limit'));
  const filterKeys = new Set((doc.filters ?? []).map((f) => f.key));
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    if (key.startsWith(FILTER_PREFIX) && filterKeys.has(key.slice(FILTER_PREFIX.length)) && value !== '') {
      filters[key.slice(FILTER_PREFIX.length)] = value;
    }
  }
  return {
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: size && pageSizesOf(doc).includes(size) ? size : base.pageSize,
    sort,
    q: params.get('q') ?? '',
    filters,
  };
}

/** Writes the state into a copy of the URL params, omitting defaults so shared links stay short. */
export function serializeListState(state: ListState, base: ListState, current?: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of current ?? []) {
    if (!['page', 'limit', 'sort', 'q'].includes(key) && !key.startsWith(FILTER_PREFIX)) out.append(key, value);
  }
  if (state.page > 1) out.set('page', String(state.page));
  if (state.pageSize !== base.pageSize) out.set('limit', String(state.pageSize));
  if (state.sort !== base.sort) out.set('sort', state.sort);
  if (state.q) out.set('q', state.q);
  for (const [key, value] of Object.entries(state.filters)) if (value !== '') out.set(FILTER_PREFIX + key, value);
  return out;
}

/** Clicking a sortable header: ascending, then descending, then back to the default order. */
export function nextSort(current: string, key: string, defaultSort = ''): string {
  const descending = sortParam(key, 'desc');
  if (current === key) return descending;
  if (current === descending) return defaultSort === key || defaultSort === descending ? key : defaultSort;
  return key;
}

export function ariaSort(current: string, key: string): 'ascending' | 'descending' | 'none' {
  const { field, direction } = sortTerm(current);
  if (field !== key) return 'none';
  return direction === 'asc' ? 'ascending' : 'descending';
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows a page shows, counted from 1 ("{first}–{last} of {total}"); 0–0 when there are none. */
export function pageRange(page: number, pageSize: number, total: number): { first: number; last: number } {
  return { first: total === 0 ? 0 : (page - 1) * pageSize + 1, last: Math.min(total, page * pageSize) };
}
