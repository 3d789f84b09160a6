import { sql, type CompiledQuery, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/types';
import { PAGE_STATEMENT, SEARCH_PAGE_STATEMENT } from '../db/prepared-statements';
import { BATCH_SIZE } from '../../engine/constants';
import { sortTerm, type SortDirection } from '../../engine/contract/list-query';
import { invalid } from './envelope';
import { assertText } from './text';
import type { VersionedCache } from './data-version';
import { customCondition, customFilterParams, customKey, customSortTerms, type CustomListSpec } from './list-custom';

// The list query parameters of the RMS API: limit (default 10), offset, q,
// fields, sort (comma list, '-' for descending), id (comma list),
// search-fields (global search) plus per-resource filters.

// Lists are built over joins with aliases, so the builder's table types vary
// per resource; the helper works on any select builder.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<any, any, any>;

export type FieldExpr = string | RawBuilder<unknown>;

/**
 * A field no column holds: null, cast so that PostgreSQL types it where it is sorted or compared. A page statement
 * does not select it (ListPlan.columns leaves it out): it is answered as null without the database writing it in
 * every row.
 */
export const NO_VALUE = sql`cast(null as text)`;
/** A filter that builds its own condition from the comma list of values (`param`: the query parameter, for errors). */
export type FilterFn = (values: string[], param: string) => RawBuilder<unknown>;

/**
 * A filter by a stored code that the OpenAPI types as an enum of names (`status=online`): each value is one
 * of the names or one of the codes themselves; any other is a 422 on the parameter, never an empty list.
 */
export function enumFilter(column: string, codes: Record<string, number>, others: number[] = []): FilterFn {
  const known = new Set([...Object.values(codes), ...others].map(String));
  return (values, param) => {
    const stored = values.map((value) => {
      if (value in codes) return codes[value];
      if (known.has(value)) return Number(value);
      throw invalid([param, `The selected ${param} is invalid. Allowed: ${Object.keys(codes).join(', ')}.`]);
    });
    return sql`${sql.ref(column)} in (${sql.join(stored)})`;
  };
}

export interface ListSpec {
  /**
   * FROM and JOINs with tenancy already applied; nothing selected yet. The
   * count query may leave out joins that only add columns. `q`: the call's search (a plan may start from its
   * matches).
   */
  from: (purpose?: 'rows' | 'count', q?: string) => AnySelect;
  /** A text index answering `q` (3+ characters) over some search fields, instead of LIKE. */
  textIndex?: {
    fields: string[];
    apply: (qb: AnySelect, q: string, fields: string[]) => AnySelect;
    /** The index's row id, equal to idColumn, in which order the index answers (cheaper to sort by). */
    idColumn: string;
  };
  /** API field name to column reference ('t.col') or SQL expression. */
  fields: Record<string, FieldExpr>;
  /** The id column, for the `id` filter and the default order. */
  idColumn: string;
  /** Fields searched by `q`; search-fields narrows the search to some of them (the allow list). */
  search: string[];
  /** A search field that stands for several (the global search's `name` of a device covers serial, MAC, IMEI). */
  searchAliases?: Record<string, string[]>;
  /** Fields allowed in `sort` (the allow list); defaults to the fields that are plain columns. */
  sortable?: string[];
  defaultSort?: string;
  /** Query parameters filtering by equality (comma lists become IN); `ne:x` negates when listed in negatable. */
  filters?: Record<string, FieldExpr | FilterFn>;
  negatable?: string[];
  /** Fields left out unless asked for with `fields` (large or computed). */
  hidden?: string[];
  /** Fields whose value is JSON text the query builds (a list; null reads as an empty one), answered parsed. */
  json?: string[];
  /**
   * A table of counts answering the total (the sum of its `count` column) of
   * a call without search or ids that filters only by the table's `filters`;
   * FROM with tenancy applied, like `from`.
   */
  totals?: { from: () => AnySelect; count: string; filters: Record<string, FieldExpr | FilterFn> };
  /**
   * A search (q) that finds at most this many rows sorts its matches instead
   * of walking the id order's index, which for a rare term visits nearly
   * every row that does not match (PostgreSQL); its total is counted first.
   */
  sortMatchesUpTo?: number;
  /** Turns a row into its API shape (booleans, JSON). */
  map?: (row: Record<string, unknown>) => Record<string, unknown>;
  maxLimit?: number;
  /** The resource whose custom fields the rows carry, filter and sort by (list-custom.ts). */
  custom?: CustomListSpec;
}

export interface ListParams {
  limit: number;
  offset: number;
  q?: string;
  fields?: string[];
  /**
   * The fields asked for when some of them are made by the spec's map (a record's details, a shape), not
   * columns: the whole row is selected and the mapped row cut to these.
   */
  pick?: string[];
  sort: [string, SortDirection][];
  ids?: number[];
  searchFields?: string[];
}

/** Longest accepted `q`: longer text matches nothing a list shows. */
export const MAX_QUERY_LENGTH = 255;

const str = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? v.join(',') : v == null ? '' : String(v));

/** A comma list parameter, at most a batch (BATCH_SIZE) of values, each acceptable text. */
function commaList(v: unknown, name: string): string[] {
  const values = str(v)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (values.length > BATCH_SIZE) throw invalid([name, `The ${name} may list at most ${BATCH_SIZE} values.`]);
  for (const value of values) assertText(value, name);
  return values;
}

/** The sort allow list: the spec's own, or the fields that are plain columns (never a computed expression). */
const sortableFields = (spec: ListSpec) =>
  spec.sortable ?? Object.keys(spec.fields).filter((f) => typeof spec.fields[f] === 'string');

/** The 422 of a sort field outside the list's allow list; it names the fields the list sorts by. */
export const unsupportedSort = (name: string, sortable: string[]) =>
  invalid(['sort', `The sort field ${name} is not supported. Sortable fields: ${sortable.join(', ')}.`]);

function integer(query: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const raw = str(query[name]);
  if (raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw invalid([name, `The ${name} must be a non-negative integer.`]);
  return Math.min(Number(raw), max);
}

/**
 * The paging of a list: `limit` (the fallback when absent, at most `max`) and `offset`, each a non-negative integer
 * or a 422 on its name. Every list reads its paging here, a ListSpec's and those a route pages by hand.
 */
export function pageParams(
  query: Record<string, unknown>,
  { fallback, max }: { fallback: number; max: number },
): { limit: number; offset: number } {
  return {
    limit: integer(query, 'limit', fallback, max),
    offset: integer(query, 'offset', 0, Number.MAX_SAFE_INTEGER),
  };
}

export function parseListParams(query: Record<string, unknown>, spec: ListSpec): ListParams {
  const sortable = sortableFields(spec);
  const sort: [string, SortDirection][] = commaList(query.sort || spec.defaultSort || '', 'sort').map((term) => {
    const { field, direction } = sortTerm(term);
    if (!sortable.includes(field) && !(spec.custom && customKey(field, spec.custom)))
      throw unsupportedSort(field, sortable);
    return [field, direction];
  });
  const ids = commaList(query.id, 'id');
  if (ids.some((i) => !/^\d+$/.test(i))) throw invalid(['id', 'The id must be a comma separated list of integers.']);
  const asked = commaList(query.fields, 'fields');
  const fields = asked.filter((f) => f in spec.fields);
  const made = spec.map !== undefined && fields.length < asked.length;
  const q = str(query.q).trim();
  assertText(q, 'q');
  if (q.length > MAX_QUERY_LENGTH)
    throw invalid(['q', `The q may not be greater than ${MAX_QUERY_LENGTH} characters.`]);
  return {
    ...pageParams(query, { fallback: 10, max: spec.maxLimit ?? 1000 }),
    q: q || undefined,
    fields: !made && fields.length ? fields : undefined,
    pick: made ? asked : undefined,
    sort,
    ids: ids.length ? ids.map(Number) : undefined,
    searchFields: commaList(query['search-fields'], 'search-fields'),
  };
}

const expr = (e: FieldExpr): RawBuilder<unknown> => (typeof e === 'string' ? sql.ref(e) : e);
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The fields `q` searches: search-fields (aliases expanded) narrows the spec's
 * search list; names outside it are ignored (the global search sends one list
 * to every source).
 */
function searchFields(spec: ListSpec, params: ListParams): string[] {
  const narrowed = params.searchFields
    ?.flatMap((f) => spec.searchAliases?.[f] ?? [f])
    .filter((f) => spec.search.includes(f));
  return narrowed?.length ? [...new Set(narrowed)] : spec.search;
}

/** Whether the text index answers this search (3+ characters, every searched field indexed). */
function usesTextIndex(spec: ListSpec, params: ListParams): boolean {
  const index = spec.textIndex;
  return Boolean(
    index && params.q && [...params.q].length >= 3 && searchFields(spec, params).every((f) => index.fields.includes(f)),
  );
}

/**
 * The conditions of a list call. `hidePattern`: the search pattern is a scalar subquery, a value the planner
 * cannot read (see buildList).
 */
function applyWhere(
  qb: AnySelect,
  spec: ListSpec,
  params: ListParams,
  query: Record<string, unknown>,
  hidePattern = false,
): AnySelect {
  if (params.ids) qb = qb.where(sql.ref(spec.idColumn), 'in', params.ids);
  if (params.q) {
    const searchIn = searchFields(spec, params);
    if (usesTextIndex(spec, params)) {
      qb = spec.textIndex!.apply(qb, params.q, searchIn);
    } else {
      const pattern = hidePattern ? sql`(select ${likePattern(params.q)})` : sql`${likePattern(params.q)}`;
      qb = qb.where((eb) =>
        eb.or(searchIn.map((f) => eb(sql`${expr(spec.fields[f])}`, 'like', sql`${pattern} escape '\\'`))),
      );
    }
  }
  for (const [name, column] of Object.entries(spec.filters ?? {})) {
    for (const [param, negate] of [
      [name, false],
      [`ne:${name}`, true],
    ] as const) {
      if (negate && !spec.negatable?.includes(name)) continue;
      const values = commaList(query[param], param);
      if (!values.length) continue;
      // Negated, a record the condition cannot tell (a null: nothing reported) is not the value asked for: it is kept.
      if (typeof column === 'function') {
        const condition = column(values, param);
        qb = qb.where(negate ? sql<boolean>`(${condition}) is not true` : sql<boolean>`${condition}`);
      } else if (negate) {
        const field = expr(column);
        qb = qb.where((eb) => eb.or([eb(field, 'is', null), eb(field, 'not in', values)]));
      } else qb = qb.where(expr(column), 'in', values);
    }
  }
  if (spec.custom) {
    for (const [param, key] of customFilterParams(query, spec.custom)) {
      const values = commaList(query[param], param);
      if (values.length) qb = qb.where(customCondition(spec.custom, key, values));
    }
  }
  return qb;
}

/** The spec's filters the call filters by (itself or negated). */
const filtersGiven = (spec: ListSpec, query: Record<string, unknown>) => [
  ...Object.keys(spec.filters ?? {}).filter(
    (name) => commaList(query[name], name).length || commaList(query[`ne:${name}`], `ne:${name}`).length,
  ),
  ...(spec.custom ? customFilterParams(query, spec.custom).map(([param]) => param) : []),
];

/** The total's query from the spec's table of counts, when it answers this call. */
function totalsQuery(spec: ListSpec, params: ListParams, query: Record<string, unknown>): AnySelect | undefined {
  const totals = spec.totals;
  if (!totals || params.q || params.ids) return undefined;
  if (!filtersGiven(spec, query).every((name) => name in totals.filters)) return undefined;
  return applyWhere(totals.from(), { ...spec, filters: totals.filters }, params, query).select(
    sql<number>`coalesce(sum(${sql.ref(totals.count)}), 0)`.as('total'),
  );
}

/** A field's sort order: JSON fields by their text (PostgreSQL's json type has no ordering). */
const sortExpr = (spec: ListSpec, field: string) =>
  spec.json?.includes(field) ? sql`cast(${expr(spec.fields[field])} as text)` : expr(spec.fields[field]);

/** The page and count queries of a list call (run by runList; compiled alone for the benchmark's bare SQL). */
export function buildList(spec: ListSpec, query: Record<string, unknown>) {
  const params = parseListParams(query, spec);
  const hidden = new Set(spec.hidden ?? []);
  const names = params.fields ?? Object.keys(spec.fields).filter((f) => !hidden.has(f) || params.pick?.includes(f));
  // The fields a column holds (a select list is never empty).
  const held = names.filter((n) => spec.fields[n] !== NO_VALUE);
  const columns = held.length || !names.length ? held : names.slice(0, 1);
  const sortsMatches = Boolean(params.q) && spec.sortMatchesUpTo !== undefined;
  const selected = (hidePattern = false) =>
    applyWhere(spec.from('rows', params.q), spec, params, query, hidePattern).select(
      columns.map((n) => expr(spec.fields[n]).as(n)),
    );
  const idColumn = usesTextIndex(spec, params) ? spec.textIndex!.idColumn : spec.idColumn;
  /** The page in the asked order, the id (`id`: its expression) breaking ties. */
  const page = (id: RawBuilder<unknown>, hidePattern = false) => {
    let ordered = selected(hidePattern);
    for (const [field, dir] of params.sort) {
      const custom = spec.custom && !(field in spec.fields) ? customKey(field, spec.custom) : undefined;
      if (custom)
        for (const [term, d] of customSortTerms(spec.custom!, custom, dir)) ordered = ordered.orderBy(term, d);
      else ordered = ordered.orderBy(spec.fields[field] === spec.idColumn ? id : sortExpr(spec, field), dir);
    }
    // The id breaks ties (stable pages) unless the sort already ends with it.
    const last = params.sort.at(-1)?.[0];
    if (!last || spec.fields[last] !== spec.idColumn) ordered = ordered.orderBy(id, params.sort[0]?.[1] ?? 'desc');
    // The page bounds are written into the statement: SQLite's planner reads a bound LIMIT or OFFSET, so rebinding
    // it (every run of a cached statement) would prepare the statement again on every call.
    return ordered.limit(sql.lit(params.limit)).offset(sql.lit(params.offset));
  };
  // `id + 0` is the same order, which no index answers: the matches are found first, then sorted.
  const matchesQuery = sortsMatches ? page(sql`${sql.ref(idColumn)} + 0`) : undefined;
  const countQuery =
    totalsQuery(spec, params, query) ??
    applyWhere(spec.from('count'), spec, params, query).select(sql<number>`count(*)`.as('total'));
  // With sorted matches, the page in index order runs only for a search finding more than sortMatchesUpTo
  // rows, for which walking the order's index is the plan whatever the term. Its pattern is hidden from the
  // planner, so PostgreSQL soon keeps one generic plan for the kept statement instead of planning it with
  // each pattern (0.57 of the 0.82 ms a device search page took on 1,000,000 devices).
  const map = spec.map && params.pick ? picked(spec.map, params.pick) : spec.map;
  return {
    params,
    fields: names,
    columns,
    map,
    rowsQuery: page(sql.ref(idColumn), sortsMatches),
    matchesQuery,
    countQuery,
  };
}

/** A row map whose rows keep only the asked fields (ListParams.pick), in the asked order. */
const picked =
  (map: NonNullable<ListSpec['map']>, fields: string[]) =>
  (row: Record<string, unknown>): Record<string, unknown> => {
    const mapped = map(row);
    return Object.fromEntries(fields.filter((f) => f in mapped).map((f) => [f, mapped[f]]));
  };

type Row = Record<string, unknown>;

/**
 * The list-total cache (counts per data version) a list call may read and
 * fill. It holds the count as it runs: the calls of one data version share
 * one count statement instead of each running it (a page of callers arriving
 * together after a write).
 */
export type ListCounts = Pick<VersionedCache<Promise<number>>, 'get' | 'set' | 'delete' | 'current'>;

/** A list call compiled, reusable for the same caller and URL: its statements and how to read its rows. */
export interface ListPlan {
  params: ListParams;
  /** The page statement, marked as a list page (prepared-statements.ts): each row answers as the values of `columns`. */
  rows: CompiledQuery;
  count: CompiledQuery;
  /** The count statement with its parameters: the key of the list-total cache. */
  countKey: string;
  /** The fields the page answers, in order. */
  fields: string[];
  /** The fields a row holds the values of, in order: `fields` without those no column holds (NO_VALUE), null. */
  columns: string[];
  /** Where in a row the JSON fields (ListSpec.json) are. */
  json: number[];
  map?: ListSpec['map'];
  /** The page by sorting the matches, for a search finding at most `upTo` rows (ListSpec.sortMatchesUpTo). */
  matches?: { upTo: number; rows: CompiledQuery };
}

const countKeyOf = (count: CompiledQuery) => `${count.sql}\u0000${JSON.stringify(count.parameters)}`;

/** A JSON field's text parsed (null reads as an empty list). */
const parseJson = (text: unknown): unknown => JSON.parse(String(text ?? '[]'));

/**
 * Runs the page and (unless the list-total cache holds it) the count of a
 * list call; with `matches`, the count first, then the page the total suits.
 */
async function answer<T>(
  countKey: string,
  rows: () => Promise<T[]>,
  count: () => Promise<unknown>,
  counts: ListCounts | undefined,
  matches?: { upTo: number; rows: () => Promise<T[]> },
) {
  let total = counts?.get(countKey);
  if (!total) {
    total = count().then(Number);
    if (counts) {
      counts.set(countKey, total, counts.current);
      total.catch(() => counts.delete(countKey));
    }
  }
  const [page, value] = matches
    ? await total.then(async (n) => [await (n <= matches.upTo ? matches.rows() : rows()), n] as const)
    : await Promise.all([rows(), total]);
  return { page, total: value };
}

/** Builds and compiles the page and count statements of a list call. */
export function planList(spec: ListSpec, query: Record<string, unknown>): ListPlan {
  const { params, fields, columns, map, rowsQuery, matchesQuery, countQuery } = buildList(spec, query);
  const count = countQuery.compile();
  // A search without filters: its parameters are the search patterns (prepared-statements.ts).
  const marker = params.q && !filtersGiven(spec, query).length ? SEARCH_PAGE_STATEMENT : PAGE_STATEMENT;
  /** Marks a list's page statement: rows as arrays, kept prepared on PostgreSQL. */
  const pageStatement = (query: CompiledQuery): CompiledQuery => ({ ...query, sql: marker + query.sql });
  return {
    params,
    rows: pageStatement(rowsQuery.compile()),
    count,
    matches: matchesQuery && { upTo: spec.sortMatchesUpTo!, rows: pageStatement(matchesQuery.compile()) },
    countKey: countKeyOf(count),
    fields,
    columns,
    json: columns.flatMap((name, i) => (spec.json?.includes(name) ? [i] : [])),
    map,
  };
}

/** Runs a compiled list call: the page as rows of column values (plan.columns, JSON fields parsed) and the total. */
export async function runPlan(db: Kysely<Database>, plan: ListPlan, counts?: ListCounts) {
  const page = (statement: CompiledQuery) => () => db.executeQuery<unknown[]>(statement).then((result) => result.rows);
  const { page: found, total } = await answer(
    plan.countKey,
    page(plan.rows),
    () => db.executeQuery<{ total: unknown }>(plan.count).then((result) => result.rows[0]?.total ?? 0),
    counts,
    plan.matches && { upTo: plan.matches.upTo, rows: page(plan.matches.rows) },
  );
  for (const row of found) for (const i of plan.json) row[i] = parseJson(row[i]);
  return { rows: found, total };
}

/** A row object with every field in order, from a row holding only some of them (a field it lacks: null). */
function wholeRow(fields: string[], held: (name: string) => unknown): Row {
  const row: Row = {};
  for (const name of fields) row[name] = held(name) ?? null;
  return row;
}

/** The rows of a page as objects, shaped by the spec's map. */
export function rowObjects(plan: ListPlan, rows: unknown[][]): Row[] {
  const at = new Map(plan.columns.map((name, i) => [name, i]));
  return rows.map((values) => {
    const row = wholeRow(plan.fields, (name) => (at.has(name) ? values[at.get(name)!] : null));
    return plan.map ? plan.map(row) : row;
  });
}

/** Runs a list query: answers the page of rows (shaped by the spec's json and map) and the total. */
export async function runList(spec: ListSpec, query: Record<string, unknown>, counts?: ListCounts) {
  const { params, fields, map, rowsQuery, matchesQuery, countQuery } = buildList(spec, query);
  const { page: held, total } = await answer(
    countKeyOf(countQuery.compile()),
    () => rowsQuery.execute() as Promise<Row[]>,
    () => countQuery.executeTakeFirst().then((row) => row?.total ?? 0),
    counts,
    matchesQuery && { upTo: spec.sortMatchesUpTo!, rows: () => matchesQuery.execute() as Promise<Row[]> },
  );
  const page = held.map((row) => wholeRow(fields, (name) => row[name]));
  for (const row of page) for (const name of spec.json ?? []) if (name in row) row[name] = parseJson(row[name]);
  return { data: map ? page.map(map) : page, total, params };
}
