import { numberText, rkNumber } from './numbers';
import { bofKind, RECORD, records } from './records';
import { malformed } from './refusal';
import { Segments } from './segments';
import { unicodeString } from './strings';

// The cell values of a BIFF8 worksheet substream as text, row by row: shared
// strings (LABELSST), inline strings (LABEL), numbers (NUMBER, RK, MULRK),
// formulas by their cached result (a number, a boolean, or a string in the
// STRING record after the formula; an error or an empty string is empty, as
// the XLSX reader leaves it), booleans (BOOLERR: "true"/"false", errors
// empty) and blanks (BLANK, MULBLANK: empty, nothing to keep). Every cell
// record starts with its row and its column; all but MULRK then have the
// cell's format (ignored). A chart embedded in the sheet is a substream of
// its own, skipped to its EOF.

const WORKSHEET = 0x0010;
/** BIFF8 sheets have 256 columns. */
const COLUMNS = 256;
/** The cached result of a FORMULA is a double unless its last two bytes are 0xFFFF; then byte 0 says what. */
const NOT_A_NUMBER = 0xffff;
const FORMULA_STRING = 0;
const FORMULA_BOOLEAN = 1;

class Sheet {
  readonly rows: string[][] = [];
  /** The cell of a FORMULA whose string result the next STRING record holds. */
  formulaString: [number, number] | null = null;

  constructor(readonly strings: string[]) {}

  set(row: number, column: number, text: string): void {
    if (column >= COLUMNS) malformed();
    while (this.rows.length <= row) this.rows.push([]);
    const cells = this.rows[row];
    while (cells.length < column) cells.push('');
    cells[column] = text;
  }
}

type CellReader = (data: Segments, row: number, column: number, sheet: Sheet) => void;

const boolean = (value: number) => (value ? 'true' : 'false');

const CELLS: Record<number, CellReader> = {
  [RECORD.LABELSST]: (data, row, column, sheet) => sheet.set(row, column, sheet.strings[data.u32()] ?? malformed()),
  [RECORD.LABEL]: (data, row, column, sheet) => sheet.set(row, column, unicodeString(data)),
  [RECORD.NUMBER]: (data, row, column, sheet) => sheet.set(row, column, numberText(data.f64())),
  [RECORD.RK]: (data, row, column, sheet) => sheet.set(row, column, numberText(rkNumber(data.u32()))),
  [RECORD.MULRK]: (data, row, first, sheet) => {
    // A format and an RK per cell, then the last column.
    const count = Math.floor((data.left - 2) / 6);
    for (let i = 0; i < count; i++) {
      data.skip(2);
      sheet.set(row, first + i, numberText(rkNumber(data.u32())));
    }
  },
  [RECORD.BOOLERR]: (data, row, column, sheet) => {
    const value = data.u8();
    if (data.u8() === 0) sheet.set(row, column, boolean(value));
  },
  [RECORD.FORMULA]: (data, row, column, sheet) => {
    const value = data.bytes(8);
    if (value.readUInt16LE(6) !== NOT_A_NUMBER) sheet.set(row, column, numberText(value.readDoubleLE(0)));
    else if (value[0] === FORMULA_STRING) sheet.formulaString = [row, column];
    else if (value[0] === FORMULA_BOOLEAN) sheet.set(row, column, boolean(value[2]));
  },
};

function readCell(type: number, segments: Buffer[], sheet: Sheet): void {
  const data = new Segments(segments);
  const row = data.u16();
  const column = data.u16();
  if (type !== RECORD.MULRK) data.skip(2);
  CELLS[type](data, row, column, sheet);
}

/** The rows of the worksheet whose BOF is at `offset`; missing cells and rows are empty. */
export function sheetRows(stream: Buffer, offset: number, strings: string[]): string[][] {
  if (offset >= stream.length) return malformed();
  const walk = records(stream, offset);
  if (bofKind(walk.next().value || undefined) !== WORKSHEET) return malformed();
  const sheet = new Sheet(strings);
  let depth = 1;
  for (const { type, segments } of walk) {
    if (type === RECORD.BOF) depth++;
    if (type === RECORD.EOF && --depth === 0) return sheet.rows;
    if (depth > 1) continue;
    if (type === RECORD.STRING && sheet.formulaString) {
      const [row, column] = sheet.formulaString;
      sheet.set(row, column, unicodeString(new Segments(segments)));
      sheet.formulaString = null;
    }
    if (type in CELLS) {
      sheet.formulaString = null;
      readCell(type, segments, sheet);
    }
  }
  return malformed();
}
