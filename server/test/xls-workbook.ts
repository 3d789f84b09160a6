import { compoundFile, type CfbOptions } from './xls-compound-file';
import { RECORD } from '../services/xls/records';

// Legacy XLS (BIFF8) workbooks built in the test, by hand: the workbook
// globals (BOF, optional FILEPASS, one BOUNDSHEET8 per sheet, the shared
// string table split into CONTINUE records as Excel splits it, EOF) and the
// worksheets, in a compound file. A string cell goes to the SST (LABELSST);
// a number is an RK when it fits one, else a NUMBER; the object cells write
// the other records. Consecutive RK cells of a row become one MULRK and
// consecutive blanks one MULBLANK.

export type XlsCell =
  | string
  | number
  | null
  | { label: string }
  | { number: number }
  | { formula: number | string | boolean | 'error' }
  | { bool: boolean }
  | { error: number };

export interface XlsOptions extends CfbOptions {
  /** The most data bytes per SST or CONTINUE record (Excel: 8224). */
  recordLimit?: number;
  /** Give every shared string rich-text runs and a phonetic block. */
  rich?: boolean;
  /** The BOF version (0x0600 is BIFF8; 0x0500 is Excel 5.0/95). */
  version?: number;
  /** The workbook is encrypted (a FILEPASS record after the BOF). */
  encrypted?: boolean;
  /** Sheets before the data sheet: a chart sheet (dt 2) and nothing else. */
  chartFirst?: boolean;
  /** An embedded chart substream inside the data sheet, before its cells. */
  embeddedChart?: boolean;
  /** The stream's name (Excel 5.0/95 writes "Book"). */
  streamName?: string;
  /** Pad the workbook stream to 4096 bytes, as Excel does, so it never goes in the mini stream. */
  padStream?: boolean;
}

const T = RECORD;

export function record(type: number, data: Buffer = Buffer.alloc(0)): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}

const u16 = (...values: number[]) => Buffer.from(new Uint16Array(values).buffer);
const u32 = (...values: number[]) => Buffer.from(new Uint32Array(values).buffer);
const f64 = (value: number) => Buffer.from(new Float64Array([value]).buffer);
const isWide = (text: string) => [...text].some((char) => char.charCodeAt(0) > 0xff);
const encode = (text: string, wide: boolean) => Buffer.from(text, wide ? 'utf16le' : 'latin1');

const bof = (version: number, kind: number) =>
  record(T.BOF, Buffer.concat([u16(version, kind, 0x0dbb, 0x07cc), u32(0, 6)]));

/** An XLUnicodeString: count, flag byte, characters. */
const unicodeString = (text: string) =>
  Buffer.concat([u16(text.length), Buffer.from([isWide(text) ? 1 : 0]), encode(text, isWide(text))]);

/** The RK of a number, or null when it has none. */
export function rk(value: number): number | null {
  if (Number.isInteger(value) && value >= -(2 ** 29) && value < 2 ** 29) return ((value << 2) | 2) >>> 0;
  const bits = f64(value);
  if (bits.readUInt32LE(0) === 0 && (bits.readUInt32LE(4) & 3) === 0) return bits.readUInt32LE(4);
  const hundred = Math.round(value * 100);
  if (hundred / 100 === value && hundred >= -(2 ** 29) && hundred < 2 ** 29) return ((hundred << 2) | 3) >>> 0;
  return null;
}

/** The SST and its CONTINUE records, split where Excel splits: never inside a string's header. */
function sharedStringTable(strings: string[], limit: number, rich: boolean): Buffer[] {
  const chunks: Buffer[][] = [[]];
  let used = 0;
  const next = () => {
    chunks.push([]);
    used = 0;
  };
  const put = (data: Buffer) => {
    chunks[chunks.length - 1].push(data);
    used += data.length;
  };
  const whole = (data: Buffer) => {
    if (used + data.length > limit) next();
    put(data);
  };
  const raw = (data: Buffer) => {
    for (let at = 0; at < data.length;) {
      if (used === limit) next();
      const take = Math.min(limit - used, data.length - at);
      put(data.subarray(at, at + take));
      at += take;
    }
  };
  const characters = (text: string, wide: boolean) => {
    for (let at = 0; at < text.length;) {
      const take = Math.min(text.length - at, Math.floor((limit - used) / (wide ? 2 : 1)));
      if (take === 0) {
        // A continued string: its next characters start with a flag byte of their own.
        next();
        wide = isWide(text.slice(at, at + limit - 1));
        put(Buffer.from([wide ? 1 : 0]));
        continue;
      }
      put(encode(text.slice(at, at + take), wide));
      at += take;
    }
  };
  whole(u32(strings.length, strings.length));
  for (const text of strings) {
    const wide = isWide(text);
    const flags = (wide ? 1 : 0) | (rich ? 0x0c : 0);
    whole(
      Buffer.concat([u16(text.length), Buffer.from([flags]), rich ? Buffer.concat([u16(2), u32(6)]) : Buffer.alloc(0)]),
    );
    characters(text, wide);
    if (rich) raw(Buffer.concat([u16(0, 1, 1, 2), Buffer.from('phonet')]));
  }
  return chunks.map((chunk, i) => record(i === 0 ? T.SST : T.CONTINUE, Buffer.concat(chunk)));
}

const cellHead = (row: number, column: number) => u16(row, column, 15);

function formulaValue(value: number | string | boolean | 'error'): Buffer {
  if (typeof value === 'number') return f64(value);
  const special = Buffer.from([0, 0, 0, 0, 0, 0, 0xff, 0xff]);
  if (value === 'error') [special[0], special[2]] = [2, 0x07];
  else if (typeof value === 'boolean') [special[0], special[2]] = [1, value ? 1 : 0];
  return special;
}

function cellRecords(row: number, cells: XlsCell[], strings: Map<string, number>): Buffer[] {
  const out: Buffer[] = [];
  for (let column = 0; column < cells.length; column++) {
    const cell = cells[column];
    const run = (test: (c: XlsCell) => boolean) => {
      let end = column;
      while (end + 1 < cells.length && test(cells[end + 1])) end++;
      return end;
    };
    if (cell === null) {
      const end = run((c) => c === null);
      out.push(
        end === column
          ? record(T.BLANK, cellHead(row, column))
          : record(T.MULBLANK, Buffer.concat([u16(row, column), u16(...Array(end - column + 1).fill(15)), u16(end)])),
      );
      column = end;
    } else if (typeof cell === 'number' && rk(cell) !== null) {
      const end = run((c) => typeof c === 'number' && rk(c) !== null);
      const pairs = cells.slice(column, end + 1).map((c) => Buffer.concat([u16(15), u32(rk(c as number)!)]));
      out.push(
        end === column
          ? record(T.RK, Buffer.concat([cellHead(row, column), u32(rk(cell)!)]))
          : record(T.MULRK, Buffer.concat([u16(row, column), ...pairs, u16(end)])),
      );
      column = end;
    } else if (typeof cell === 'number' || (typeof cell === 'object' && 'number' in cell)) {
      const value = typeof cell === 'number' ? cell : cell.number;
      out.push(record(T.NUMBER, Buffer.concat([cellHead(row, column), f64(value)])));
    } else if (typeof cell === 'string') {
      if (!strings.has(cell)) strings.set(cell, strings.size);
      out.push(record(T.LABELSST, Buffer.concat([cellHead(row, column), u32(strings.get(cell)!)])));
    } else if ('label' in cell) {
      out.push(record(T.LABEL, Buffer.concat([cellHead(row, column), unicodeString(cell.label)])));
    } else if ('formula' in cell) {
      const formula = Buffer.concat([
        cellHead(row, column),
        formulaValue(cell.formula),
        u16(0),
        u32(0),
        u16(3),
        Buffer.from([0x1e, 1, 0]),
      ]);
      out.push(record(T.FORMULA, formula));
      if (typeof cell.formula === 'string' && cell.formula !== 'error')
        out.push(record(T.STRING, unicodeString(cell.formula)));
    } else {
      const [value, isError] = 'bool' in cell ? [cell.bool ? 1 : 0, 0] : [cell.error, 1];
      out.push(record(T.BOOLERR, Buffer.concat([cellHead(row, column), Buffer.from([value, isError])])));
    }
  }
  return out;
}

/** The workbook stream of a one-sheet workbook. */
export function workbookStream(rows: XlsCell[][], options: XlsOptions = {}): Buffer {
  const version = options.version ?? 0x0600;
  const strings = new Map<string, number>();
  const cells = rows.flatMap((row, r) => cellRecords(r, row, strings));
  const chart = options.embeddedChart ? [bof(version, 0x0020), record(T.NUMBER, Buffer.alloc(14)), record(T.EOF)] : [];
  const sheet = Buffer.concat([bof(version, 0x0010), ...chart, ...cells, record(T.EOF)]);
  const chartSheet = Buffer.concat([bof(version, 0x0020), record(T.EOF)]);
  const boundsheet = (offset: number, kind: number, name: string) =>
    record(
      T.BOUNDSHEET,
      Buffer.concat([u32(offset), Buffer.from([0, kind, name.length, 0]), Buffer.from(name, 'latin1')]),
    );
  const sheets = (at: number) =>
    options.chartFirst
      ? [boundsheet(at, 2, 'Chart1'), boundsheet(at + chartSheet.length, 0, 'Devices')]
      : [boundsheet(at, 0, 'Devices')];
  const head = [
    bof(version, 0x0005),
    ...(options.encrypted ? [record(T.FILEPASS, Buffer.concat([u16(1, 1, 1), Buffer.alloc(48, 7)]))] : []),
  ];
  const tail = [
    ...sharedStringTable([...strings.keys()], options.recordLimit ?? 8224, options.rich ?? false),
    record(T.EOF),
  ];
  // The BOUNDSHEET offsets point past the globals, whose length does not depend on them.
  const globalsLength = Buffer.concat([...head, ...sheets(0), ...tail]).length;
  const globals = Buffer.concat([...head, ...sheets(globalsLength), ...tail]);
  const stream = Buffer.concat([globals, ...(options.chartFirst ? [chartSheet] : []), sheet]);
  return options.padStream && stream.length < 4096
    ? Buffer.concat([stream, Buffer.alloc(4096 - stream.length)])
    : stream;
}

export const xlsWorkbook = (rows: XlsCell[][], options: XlsOptions = {}) =>
  compoundFile(
    [
      { name: options.streamName ?? 'Workbook', data: workbookStream(rows, options) },
      { name: '\u0005SummaryInformation', data: Buffer.alloc(200, 1) },
      { name: '\u0005DocumentSummaryInformation', data: Buffer.alloc(300, 2) },
    ],
    options,
  );
