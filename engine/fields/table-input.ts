// TableInput rows (forms spec §3): rows are objects keyed by the table field keys;
// each cell has an optional pattern and maxlength, or a list of options to choose from.
import { tn } from '../i18n/i18n';
import type { TableInputOptions } from '../schema/types';
import { messages } from '../validators/messages';
import { FIELD_MESSAGES } from './messages';

export type TableRow = Record<string, string>;

export function emptyRow(table: TableInputOptions): TableRow {
  return Object.fromEntries(table.fields.map((f) => [f.key, '']));
}

/** Rows with only the table's keys, cells trimmed, wholly blank rows dropped. */
export function normaliseRows(table: TableInputOptions, rows: readonly unknown[]): TableRow[] {
  const out: TableRow[] = [];
  for (const row of rows) {
    const source = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
    const shaped = Object.fromEntries(
      table.fields.map((f) => [
        f.key,
        source[f.key] === undefined || source[f.key] === null ? '' : String(source[f.key]).trim(),
      ]),
    );
    if (Object.values(shaped).some((v) => v !== '')) out.push(shaped);
  }
  return out;
}

export interface CellError {
  row: number;
  key: string;
  message: string;
}

/** Cell errors: required, one of the options, maxlength and pattern per table field (the validation messages, named by the column title). */
export function checkRows(table: TableInputOptions, rows: readonly TableRow[]): CellError[] {
  const errors: CellError[] = [];
  rows.forEach((row, index) => {
    for (const f of table.fields) {
      const v = row[f.key] ?? '';
      if (v === '') {
        if (f.required) errors.push({ row: index, key: f.key, message: messages.required(f.title, f.key) });
      } else if (f.options && !f.options.some((o) => String(o.value) === v)) {
        errors.push({ row: index, key: f.key, message: messages.format(f.title, f.key) });
      } else if (f.maxlength !== undefined && v.length > f.maxlength) {
        errors.push({ row: index, key: f.key, message: messages.maxLength(f.title, f.key, f.maxlength) });
      } else if (f.pattern !== undefined && !new RegExp(`^(?:${f.pattern})$`).test(v)) {
        errors.push({ row: index, key: f.key, message: messages.format(f.title, f.key) });
      }
    }
  });
  if (table.maxRows !== undefined && rows.length > table.maxRows)
    errors.push({ row: table.maxRows, key: table.fields[0].key, message: tn(FIELD_MESSAGES.maxRows, table.maxRows) });
  return errors;
}
