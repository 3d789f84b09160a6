import { sql, type RawBuilder } from 'kysely';

// Custom fields in list calls (server/custom-fields): a list whose spec names
// its resource answers `custom_fields` on every row, filters by
// `custom_fields.<key>=v1,v2` (any of the values, compared as text) and sorts
// by `custom_fields.<key>` (numbers by value, then text; rows without a value
// last in either direction). Each is a subquery on the custom_values index of
// (resource, key, value).

export interface CustomListSpec {
  resource: string;
  /** The record id column of the list ('t.id'). */
  idColumn: string;
  /** Keys the reader may not see (a field's permission): neither answered nor filtered or sorted by. */
  denied?: readonly string[];
  /** A CSV export's columns for the custom fields, one per key, in place of the `custom_fields` object. */
  columns?: readonly string[];
}

const PARAM = /^custom_fields\.([A-Za-z_][A-Za-z0-9_]*)$/;

/** The custom field key a sort or filter name names, if it names one the reader may read. */
export function customKey(name: string, custom?: CustomListSpec): string | undefined {
  const key = PARAM.exec(name)?.[1];
  return key && !custom?.denied?.includes(key) ? key : undefined;
}

/** The query's custom field filters: [parameter, key]. */
export const customFilterParams = (query: Record<string, unknown>, custom: CustomListSpec): [string, string][] =>
  Object.keys(query).flatMap((param) => {
    const key = customKey(param, custom);
    return key ? [[param, key] as [string, string]] : [];
  });

const valueOf = (custom: CustomListSpec, key: string, column: 'text_value' | 'number_value') =>
  sql`(select cv.${sql.ref(column)} from custom_values cv where cv.resource = ${sql.lit(custom.resource)} and cv.key = ${sql.lit(key)} and cv.record_id = ${sql.ref(custom.idColumn)})`;

/** Rows whose custom field `key` holds one of `values` (as text). */
export function customCondition(custom: CustomListSpec, key: string, values: string[]): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from custom_values cv where cv.resource = ${sql.lit(custom.resource)} and cv.key = ${sql.lit(key)} and cv.record_id = ${sql.ref(custom.idColumn)} and cv.text_value in (${sql.join(values)}))`;
}

/** The order terms of a sort by custom field `key`. */
export function customSortTerms(
  custom: CustomListSpec,
  key: string,
  dir: 'asc' | 'desc',
): [RawBuilder<unknown>, 'asc' | 'desc'][] {
  const text = valueOf(custom, key, 'text_value');
  return [
    [sql`case when ${text} is null then 1 else 0 end`, 'asc'],
    [sql`case when ${valueOf(custom, key, 'number_value')} is null then 1 else 0 end`, 'asc'],
    [valueOf(custom, key, 'number_value'), dir],
    [text, dir],
  ];
}
