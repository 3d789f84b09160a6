import type { Conformer } from './conform';
import type { OpenApiNode } from './document';

// The JSON text of a list envelope ({success, data, meta:{total}}, http/envelope.ts)
// written straight from rows of column values, for the hot list routes: exactly
// what JSON.stringify(conform(list(rows as objects, total), schema)) writes, by
// the conformer's own compiled parts (each property's null rule and shaper),
// without building the row objects, their shaped copies and the tree
// JSON.stringify walks.

/** Writes the envelope of a page of rows (each row the values of the writer's columns, in order) and its total. */
export type ListWriter = (rows: readonly unknown[][], total: number) => string;

/** One column's `"name":value` text, or '' when the shaped row leaves the property out. */
type ColumnWriter = (value: unknown) => string;

/** A column without a schema property: written as it is (JSON.stringify leaves undefined out). */
const plainColumn =
  (key: string): ColumnWriter =>
  (value) => {
    const text = JSON.stringify(value);
    return text === undefined ? '' : key + text;
  };

/** Whether a property name is an array index, which objects list first (the columns' order would not be the wire order). */
const isIndex = (name: string) => /^(0|[1-9]\d*)$/.test(name) && Number(name) < 2 ** 32 - 1;

/** Builds the row objects and shapes the envelope the general way (columns whose order objects would not keep). */
function generalWriter(conform: Conformer, schema: OpenApiNode | undefined, columns: readonly string[]): ListWriter {
  return (rows, total) => {
    const data = rows.map((row) => Object.fromEntries(columns.map((name, i) => [name, row[i]])));
    const payload = { success: true, data, meta: { total } };
    return JSON.stringify(schema ? conform(payload, schema) : payload);
  };
}

/** Compiles the writer of a list envelope for a response schema (undefined: written unshaped) and a column list. */
export function listWriter(
  conform: Conformer,
  schema: OpenApiNode | undefined,
  columns: readonly string[],
): ListWriter {
  const names = new Set(columns);
  const envelope = schema ? conform.fieldsOf(schema) : new Map();
  const data = envelope.get('data')?.schema;
  if (names.size !== columns.length || columns.some(isIndex) || data?.type === 'string') {
    return generalWriter(conform, schema, columns);
  }
  /** A top-level property's value as the envelope's shaper writes it (never null here). */
  const top = (name: string, value: unknown) => {
    const field = envelope.get(name);
    return JSON.stringify(field ? conform.shaperOf(field.schema)(value, 1) : value);
  };
  const meta = envelope.get('meta');
  const metaShaper = meta && conform.shaperOf(meta.schema);
  const head = `{"success":${top('success', true)},"data":[`;
  const rowSchema = data && conform.resolve(data.items);
  const fields = rowSchema ? conform.fieldsOf(rowSchema) : new Map();
  const writers: ColumnWriter[] = columns.map((name) => {
    const key = `${JSON.stringify(name)}:`;
    const field = fields.get(name);
    if (!field) return plainColumn(key);
    const shaper = conform.shaperOf(field.schema);
    const ifNull = field.keepsNull ? `${key}null` : '';
    return (value) => {
      if (value === null) return ifNull;
      if (value === undefined) return '';
      const text = JSON.stringify(shaper(value, 3));
      return text === undefined ? '' : key + text;
    };
  });
  const writeRow = (row: readonly unknown[]) => {
    let out = '';
    for (let i = 0; i < writers.length; i++) {
      const text = writers[i](row[i]);
      if (text) out += out ? `,${text}` : text;
    }
    return `{${out}}`;
  };
  return (rows, total) => {
    let out = head;
    for (let i = 0; i < rows.length; i++) out += i ? `,${writeRow(rows[i])}` : writeRow(rows[i]);
    const metaValue = { total };
    return `${out}],"meta":${JSON.stringify(metaShaper ? metaShaper(metaValue, 1) : metaValue)}}`;
  };
}
