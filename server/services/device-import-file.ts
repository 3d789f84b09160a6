import Papa from 'papaparse';
import { readSheet } from 'read-excel-file/universal';
import { invalid } from '../http/envelope';
import { MAX_FILE_SIZE } from '../../engine/constants';
import type { UploadedFile } from '../http/multipart';
import { checkWorkbookZip } from './workbook-zip';

// The rows of a device import file (POST /devices/import, "csv or xls"): an
// XLSX workbook (a ZIP) is read from its first sheet, a legacy binary XLS
// workbook (OLE2) is refused with a way out, anything else is CSV text. The
// file is read by what it is, whatever its `type` says. A workbook whose
// container is broken or unpacks to more than an upload may hold (a zip
// bomb) is refused on `file` before it is unpacked; cells become trimmed
// text (numbers as written, so a serial keeps its digits).

const XLS = 'd0cf11e0';
const XLSX = '504b0304';

const unreadable = () => invalid(['file', 'The file is not a readable XLSX workbook.']);

async function workbookRows(buffer: Buffer): Promise<string[][]> {
  const refusal = checkWorkbookZip(buffer, MAX_FILE_SIZE);
  if (refusal === 'too large') throw invalid(['file', 'The workbook unpacks to more than 80MB.']);
  if (refusal) throw unreadable();
  const copy = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.length) as ArrayBuffer;
  const sheet = await readSheet<string>(copy, 1, { parseNumber: (text) => text }).catch(() => {
    throw unreadable();
  });
  return sheet
    .map((row) => row.map((cell) => (cell === null ? '' : String(cell).trim())))
    .filter((row) => row.some((cell) => cell !== ''));
}

function textRows(buffer: Buffer): string[][] {
  const parsed = Papa.parse<string[]>(buffer.toString('utf8').trim(), { skipEmptyLines: 'greedy' });
  return parsed.data.map((cells) => cells.map((cell) => String(cell).trim()));
}

export async function importRows(file: UploadedFile): Promise<string[][]> {
  const magic = file.buffer.subarray(0, 4).toString('hex');
  if (magic === XLS) {
    throw invalid([
      'file',
      'Legacy Excel (XLS) workbooks cannot be read: save the sheet as XLSX or CSV and upload that file.',
    ]);
  }
  return magic === XLSX ? workbookRows(file.buffer) : textRows(file.buffer);
}
