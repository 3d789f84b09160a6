import { bofKind, RECORD, records } from './records';
import { malformed, XlsRefusal } from './refusal';
import { Segments } from './segments';
import { richExtendedString } from './strings';

// The workbook globals substream of a BIFF8 workbook: its BOF (an Excel
// 5.0/95 or older workbook is refused by it), FILEPASS (an encrypted
// workbook, refused), the BOUNDSHEET8 records (where each sheet's BOF is in
// the stream, and its kind: 0 is a worksheet) and the shared string table
// (SST with its CONTINUE records), up to its EOF.

const GLOBALS = 0x0005;
const WORKSHEET = 0;

export interface Globals {
  /** The stream offset of the first worksheet's BOF; null when the workbook has none. */
  firstSheet: number | null;
  strings: string[];
}

/** The shared strings; a table that ends before its declared count keeps what it holds. */
function sharedStrings(segments: Buffer[]): string[] {
  const data = new Segments(segments);
  data.skip(4);
  const unique = data.u32();
  const strings: string[] = [];
  while (strings.length < unique && data.left > 0) strings.push(richExtendedString(data));
  return strings;
}

export function readGlobals(stream: Buffer): Globals {
  const walk = records(stream, 0);
  if (bofKind(walk.next().value || undefined) !== GLOBALS) return malformed();
  let firstSheet: number | null = null;
  let strings: string[] = [];
  for (const record of walk) {
    if (record.type === RECORD.EOF) return { firstSheet, strings };
    if (record.type === RECORD.FILEPASS) throw new XlsRefusal('encrypted');
    if (record.type === RECORD.SST) strings = sharedStrings(record.segments);
    if (record.type === RECORD.BOUNDSHEET && firstSheet === null) {
      const data = new Segments(record.segments);
      const offset = data.u32();
      data.skip(1);
      if (data.u8() === WORKSHEET) firstSheet = offset;
    }
  }
  return malformed();
}
