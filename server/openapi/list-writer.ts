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
  // Per column: its `"name":` text, its shaper (a column beyond the schema: conform.beyondOf, a timestamp
  // written in its name's format; none: written as it is) and whether a null is written.
  const keys = columns.map((name) => `${JSON.stringify(name)}:`);
  const shapers = columns.map((name) => {
    const field = fields.get(name);
    if (field) return conform.shaperOf(field.schema);
    return rowSchema ? conform.beyondOf(name) : undefined;
  });
  // A null's text per column: undefined where it is left out (a field the schema lists as not nullable).
  const nulls = columns.map((name) => {
    const field = fields.get(name);
    return !field ? 'null' : field.keepsNull ? JSON.stringify(field.empty) : undefined;
  });
  // A whole record's fields (conform.ts wholeRecords): a column without a value writes the field's empty value,
  // and the fields no column holds are written the same in every row.
  const wholeFields = rowSchema ? conform.wholeFieldsOf(rowSchema) : [];
  const empties = new Map(wholeFields.map(([name, empty]) => [name, JSON.stringify(empty)]));
  const missing = columns.map((name) => empties.get(name));
  const tail = wholeFields
    .filter(([name]) => !names.has(name))
    .map(([name]) => `,${JSON.stringify(name)}:${empties.get(name)}`)
    .join('');
  const writeRow = (row: readonly unknown[]) => {
    let out = '{';
    for (let i = 0; i < keys.length; i++) {
      const value = row[i];
      const shaper = shapers[i];
      let text: string | undefined;
      if (value === null) text = nulls[i];
      else if (value === undefined) text = missing[i];
      else {
        const shaped = shaper ? shaper(value, 3) : value;
        // A finite number's JSON is its String() (a quarter of the writer's time went to JSON.stringify on numbers).
        text = typeof shaped === 'number' && Number.isFinite(shaped) ? String(shaped) : JSON.stringify(shaped);
      }
      if (text !== undefined) out += out.length > 1 ? `,${keys[i]}${text}` : keys[i] + text;
    }
    return out.length > 1 || !tail ? `${out}${tail}}` : `{${tail.slice(1)}}`;
  };
  return (rows, total) => {
    let out = head;
    for (let i = 0; i < rows.length; i++) out += i ? `,${writeRow(rows[i])}` : writeRow(rows[i]);
    const metaValue = { total };
    return `${out}],"meta":${JSON.stringify(metaShaper ? metaShaper(metaValue, 1) : metaValue)}}`;
  };
}
