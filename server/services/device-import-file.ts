import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/universal';
import { invalid } from '../http/envelope';
import { MAX_FILE_SIZE } from '../../engine/constants';
import type { UploadedFile } from '../http/multipart';
import { checkWorkbookZip } from './workbook-zip';
import { xlsRows } from './xls/workbook';
import { XlsRefusal, type XlsReason } from './xls/refusal';

// The lines of a device import file (POST /devices/import, "csv or xls"):
// an XLSX workbook (a ZIP) or a legacy binary XLS workbook (Excel 97-2003,
// a compound file) is read from its first sheet, anything else is CSV text.
// The file is read by what it is, whatever its `type` says. A workbook whose
// container is broken or holds more than an upload may (a zip bomb, a lying
// stream size), an Excel 5.0/95 or a password-protected one is refused on
// `file` before its cells are read; cells become trimmed text (numbers as
// written, so a serial keeps its digits). A first row that names the
// columns (its first cell "Serial…", or any cell a device series column)
// says where each column is, as the vendor's template does; without one the
// columns are serial, MAC, name.

const XLS = 'd0cf11e0';
const XLSX = '504b0304';
const TOO_LARGE = 'The workbook unpacks to more than 80MB.';

export interface ImportLine {
  serial: string;
  mac: string;
  name: string;
  /** The row's device series as written; empty when the file has no such column. */
  series: string;
}

const unreadable = () => invalid(['file', 'The file is not a readable XLSX workbook.']);

const XLS_REFUSALS: Record<XlsReason, string> = {
  malformed: 'The file is not a readable XLS workbook.',
  'too large': TOO_LARGE,
  'old format':
    'Excel 5.0/95 and older workbooks cannot be read: save the sheet as Excel 97-2003 (XLS), XLSX or CSV and upload that file.',
  encrypted: 'Password-protected workbooks cannot be read: save the sheet without a password and upload that file.',
};

const cellsAsText = (sheet: unknown[][]): string[][] =>
  sheet
    .map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell).trim())))
    .filter((row) => row.some((cell) => cell !== ''));

async function workbookRows(buffer: Buffer): Promise<string[][]> {
  const refusal = checkWorkbookZip(buffer, MAX_FILE_SIZE);
  if (refusal === 'too large') throw invalid(['file', TOO_LARGE]);
  if (refusal) throw unreadable();
  const copy = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.length) as ArrayBuffer;
  const sheet = await readSheet<string>(copy, 1, { parseNumber: (text) => text }).catch(() => {
    throw unreadable();
  });
  return cellsAsText(sheet);
}

function legacyWorkbookRows(buffer: Buffer): string[][] {
  try {
    return cellsAsText(xlsRows(buffer, MAX_FILE_SIZE));
  } catch (error) {
    if (error instanceof XlsRefusal) throw invalid(['file', XLS_REFUSALS[error.reason]]);
    throw error;
  }
}

function textRows(buffer: Buffer): string[][] {
  const parsed = Papa.parse<string[]>(buffer.toString('utf8').trim(), { skipEmptyLines: 'greedy' });
  return parsed.data.map((cells) => cells.map((cell) => String(cell).trim()));
}

const HEADERS: Record<keyof ImportLine, RegExp> = {
  series: /^(device[ _])?series$/i,
  serial: /serial/i,
  mac: /mac/i,
  name: /name/i,
};
const POSITIONS: Record<keyof ImportLine, number> = { serial: 0, mac: 1, name: 2, series: -1 };

/** Where each column is: by the header row's names when the first row is one (then removed), else by position. */
function columns(rows: string[][]): Record<keyof ImportLine, number> {
  const header = rows[0] ?? [];
  if (!HEADERS.serial.test(header[0] ?? '') && !header.some((cell) => HEADERS.series.test(cell))) return POSITIONS;
  rows.shift();
  const taken = new Set<number>();
  const at = (key: keyof ImportLine) => {
    const index = header.findIndex((cell, i) => !taken.has(i) && HEADERS[key].test(cell));
    taken.add(index);
    return index;
  };
  // The series first, so "Device series" is never taken for another column.
  const series = at('series');
  return { series, serial: at('serial'), mac: at('mac'), name: at('name') };
}

async function fileRows(file: UploadedFile): Promise<string[][]> {
  const magic = file.buffer.subarray(0, 4).toString('hex');
  if (magic === XLS) return legacyWorkbookRows(file.buffer);
  return magic === XLSX ? workbookRows(file.buffer) : textRows(file.buffer);
}

export async function importLines(file: UploadedFile): Promise<ImportLine[]> {
  const rows = await fileRows(file);
  const at = columns(rows);
  const cell = (row: string[], index: number) => (index < 0 ? '' : (row[index] ?? ''));
  return rows.map((row) => ({
    serial: cell(row, at.serial),
    mac: cell(row, at.mac),
    name: cell(row, at.name),
    series: cell(row, at.series),
  }));
}
