// The text a list cell shows, outside any UI: the column's formatter, the label
// a list's filter gives a code, the formatter's words in the operator's
// language. The table (console/pages/Cell.tsx) and the exports
// (export-table.ts) both read it, so an export says what the table says.
import { formatCell, WORD_FORMATTERS, type FormatContext } from '../format/formatters';
import { readPath } from './template';

/** A column as a cell reads it; `labels` name the codes of a column its list also filters by (value → option label). */
export interface CellColumn {
  key: string;
  formatter?: string;
  link?: string;
  labels?: Readonly<Record<string, string>>;
}

/** The shown text of one cell ('' when empty); `raw` is the formatter's own text before labels and translation. */
export function cellText(column: CellColumn, row: Record<string, unknown>, ctx: FormatContext) {
  const value = readPath(row, column.key);
  const raw = formatCell(column.formatter, value, row, ctx);
  const label = value == null ? undefined : column.labels?.[String(value)];
  const words = column.formatter && WORD_FORMATTERS.has(column.formatter);
  return { value, raw, text: label ?? (words ? (ctx.translate ?? String)(raw) : raw) };
}
