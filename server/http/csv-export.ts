import { Readable } from 'node:stream';
import { runList, type ListSpec } from './list-query';

// CSV export of a list: the same query as the list call (q, filters, sort,
// fields), every page of it read PAGE rows at a time and streamed as it is
// read, so a 100,000-device export never sits in memory as a whole.

const PAGE = 1000;

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; objects as their names or JSON. */
export function csvField(value: unknown): string {
  const text =
    value === null || value === undefined
      ? ''
      : Array.isArray(value)
        ? value.map((v) => (v && typeof v === 'object' && 'name' in v ? String(v.name) : String(v))).join(', ')
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: prefix it (OWASP CSV injection).
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A row's value of a CSV column: a field, or `custom_fields.<key>` one of its custom fields. */
function cell(row: Record<string, unknown>, column: string): unknown {
  if (column in row || !column.startsWith('custom_fields.')) return row[column];
  return (row.custom_fields as Record<string, unknown> | undefined)?.[column.slice('custom_fields.'.length)];
}

/** The rows of every page of the list as CSV lines, header first. */
export async function* csvLines(spec: ListSpec, query: Record<string, unknown>): AsyncGenerator<string> {
  let columns: string[] | undefined;
  for (let offset = 0; ; offset += PAGE) {
    const { data, params } = await runList(spec, { ...query, limit: String(PAGE), offset: String(offset) });
    if (!columns) {
      const hidden = new Set(spec.hidden ?? []);
      const names = params.pick ?? params.fields ?? Object.keys(spec.fields).filter((f) => !hidden.has(f));
      // A list's custom fields: a column each (list-custom.ts), where the export asks for them.
      const custom = spec.custom?.columns?.map((key) => `custom_fields.${key}`) ?? ['custom_fields'];
      columns = names.flatMap((name) => (name === 'custom_fields' ? custom : [name]));
      yield `${columns.map(csvField).join(',')}\r\n`;
    }
    for (const row of data) yield `${columns.map((c) => csvField(cell(row, c))).join(',')}\r\n`;
    if (data.length < PAGE) return;
  }
}

/**
 * The export stream. Its first page is read before anything is sent, so a bad query (an unknown sort, malformed
 * ids, a filter value outside its enum) throws its 422 in the envelope, never a response cut off mid-stream.
 */
export async function csvStream(spec: ListSpec, query: Record<string, unknown>): Promise<Readable> {
  const { limit: _limit, offset: _offset, ...rest } = query;
  const lines = csvLines(spec, rest);
  const first = await lines.next();
  return Readable.from(
    (async function* () {
      if (!first.done) yield first.value;
      yield* lines;
    })(),
  );
}
