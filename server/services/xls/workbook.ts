import { workbookStream } from './cfb';
import { readGlobals } from './globals';
import { sheetRows } from './sheet';

// A legacy binary XLS workbook (Excel 97-2003, BIFF8 in a compound file) read
// as the import reads a sheet: the cell values of its first worksheet as
// text, row by row. Throws XlsRefusal, nothing else, on any input.

export function xlsRows(file: Buffer, limit: number): string[][] {
  const stream = workbookStream(file, limit);
  const { firstSheet, strings } = readGlobals(stream);
  return firstSheet === null ? [] : sheetRows(stream, firstSheet, strings);
}
