// A list exported in the operator's terms (issue 32): the columns the table
// shows, each cell the text the table shows (status words, enum labels, the
// operator's language), times as an exact timestamp in the chosen time zone
// with its offset; or, for scripts, the raw values the API answers. Written
// as CSV (papaparse, formula-looking cells escaped) or XLSX (write-excel-file),
// each library loaded on the first export, not with the list page.
import type { FormatContext } from '../format/formatters';
import { toDate } from '../format/relative-time';
import { cellText, type CellColumn } from './cell-text';

export type ExportValues = 'shown' | 'raw';

export interface ExportColumn extends CellColumn {
  title: string;
}

export interface ExportTable {
  header: string[];
  rows: (string | number | boolean | null)[][];
}

const TIME_FORMATTERS = new Set(['dateTime', 'relativeTime', 'date']);

/** A time as `YYYY-MM-DD HH:mm:ss±hh:mm` in a time zone: exact, sortable, and saying which zone it is in. */
export function zonedTimestamp(value: unknown, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : parts.timeZoneName.replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/** An export's file name without its extension: the list's title (what a file name cannot hold left out) and the
 * day of the export in the chosen time zone. */
export function exportFileName(title: string, now: Date, timeZone?: string): string {
  return `${title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'export'} ${zonedTimestamp(now, timeZone).slice(0, 10)}`;
}

function rawCell(value: unknown): string | number | boolean | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

/** The header and cells of an export of `rows` under `columns`. */
export function exportTable(
  columns: readonly ExportColumn[],
  rows: readonly Record<string, unknown>[],
  ctx: FormatContext,
  values: ExportValues = 'shown',
): ExportTable {
  if (values === 'raw')
    return {
      header: columns.map((c) => c.key),
      rows: rows.map((row) => columns.map((c) => rawCell(cellText(c, row, ctx).value))),
    };
  return {
    header: columns.map((c) => c.title),
    rows: rows.map((row) =>
      columns.map((c) => {
        const cell = cellText(c, row, ctx);
        if (c.formatter && TIME_FORMATTERS.has(c.formatter)) return zonedTimestamp(cell.value, ctx.timeZone);
        return cell.text;
      }),
    ),
  };
}

/** The table as CSV text: a byte-order mark (spreadsheets then read UTF-8), CRLF lines, formula-looking cells escaped. */
export async function toCsv(table: ExportTable): Promise<string> {
  const { default: Papa } = await import('papaparse');
  return `\uFEFF${Papa.unparse([table.header, ...table.rows], { newline: '\r\n', escapeFormulae: true })}`;
}

/** The table as an XLSX workbook (one sheet, a bold header row). */
export async function toXlsx(table: ExportTable, sheet: string): Promise<Blob> {
  const { default: writeExcelFile } = await import('write-excel-file/universal');
  const header = table.header.map((value) => ({ value, fontWeight: 'bold' as const }));
  return writeExcelFile([header, ...table.rows], { sheet: sheet.slice(0, 31) }).toBlob();
}
