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
function generalWriter(
  conform: Conformer,
  schema: OpenApiNode | undefined,
  fields: readonly string[],
  columns: readonly string[],
): ListWriter {
  const at = fields.map((name) => columns.indexOf(name));
  return (rows, total) => {
    const data = rows.map((row) => Object.fromEntries(fields.map((name, i) => [name, at[i] < 0 ? null : row[at[i]]])));
    const payload = { success: true, data, meta: { total } };
    return JSON.stringify(schema ? conform(payload, schema) : payload);
  };
}

/** How one column's value is written: its `,"name":` text, its shaper and its null's and missing value's texts. */
interface Slot {
  /** Where in a row its value is. */
  index: number;
  /** The text of the fields before it that no column holds, written the same in every row. */
  before: string;
  key: string;
  shaper?: (value: unknown, depth: number) => unknown;
  /** A null's text: undefined where it is left out (a field the schema lists as not nullable). */
  null?: string;
  /** An undefined value's text (a whole record's field without a value writes the field's empty value). */
  missing?: string;
}

/**
 * Compiles the writer of a list envelope for a response schema (undefined: written unshaped), the fields a row
 * answers, in order, and the columns a row holds (`fields` without those no column holds, written as null).
 */
export function listWriter(
  conform: Conformer,
  schema: OpenApiNode | undefined,
  fields: readonly string[],
  columns: readonly string[] = fields,
): ListWriter {
  const names = new Set(fields);
  const envelope = schema ? conform.fieldsOf(schema) : new Map();
  const data = envelope.get('data')?.schema;
  if (names.size !== fields.length || fields.some(isIndex) || data?.type === 'string') {
    return generalWriter(conform, schema, fields, columns);
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
  const properties = rowSchema ? conform.fieldsOf(rowSchema) : new Map();
  // A whole record's fields (conform.ts wholeRecords): a column without a value writes the field's empty value,
  // and the fields no column holds are written the same in every row.
  const wholeFields = rowSchema ? conform.wholeFieldsOf(rowSchema) : [];
  const empties = new Map(wholeFields.map(([name, empty]) => [name, JSON.stringify(empty)]));
  /** A null's text: undefined where it is left out (a field the schema lists as not nullable). */
  const nullOf = (name: string) => {
    const field = properties.get(name);
    return !field ? 'null' : field.keepsNull ? JSON.stringify(field.empty) : undefined;
  };
  const held = new Map(columns.map((name, i) => [name, i]));
  const slots: Slot[] = [];
  // Each field's text starts with a comma; the row's first one is written without it.
  let before = '';
  for (const name of fields) {
    const key = `,${JSON.stringify(name)}:`;
    const index = held.get(name);
    if (index === undefined) {
      const text = nullOf(name);
      if (text !== undefined) before += key + text;
      continue;
    }
    const field = properties.get(name);
    // A column beyond the schema: conform.beyondOf (a timestamp written in its name's format); none: as it is.
    const shaper = field ? conform.shaperOf(field.schema) : rowSchema ? conform.beyondOf(name) : undefined;
    slots.push({ index, before, key, shaper, null: nullOf(name), missing: empties.get(name) });
    before = '';
  }
  const after =
    before +
    wholeFields
      .filter(([name]) => !names.has(name))
      .map(([name]) => `,${JSON.stringify(name)}:${empties.get(name)}`)
      .join('');
  const writeRow = (row: readonly unknown[]) => {
    let out = '';
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      const value = row[slot.index];
      let text: string | undefined;
      if (value === null) text = slot.null;
      else if (value === undefined) text = slot.missing;
      else {
        const shaped = slot.shaper ? slot.shaper(value, 3) : value;
        // A finite number's JSON is its String() (a quarter of the writer's time went to JSON.stringify on numbers).
        text = typeof shaped === 'number' && Number.isFinite(shaped) ? String(shaped) : JSON.stringify(shaped);
      }
      out += text === undefined ? slot.before : slot.before + slot.key + text;
    }
    out += after;
    return out ? `{${out.slice(1)}}` : '{}';
  };
  return (rows, total) => {
    let out = head;
    for (let i = 0; i < rows.length; i++) out += i ? `,${writeRow(rows[i])}` : writeRow(rows[i]);
    const metaValue = { total };
    return `${out}],"meta":${JSON.stringify(metaShaper ? metaShaper(metaValue, 1) : metaValue)}}`;
  };
}
