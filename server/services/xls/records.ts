import { malformed, XlsRefusal } from './refusal';
import { Segments } from './segments';

// The records of a BIFF workbook stream: a 2-byte type, a 2-byte length and
// that many bytes, each record with the CONTINUE records after it as its
// segments. The stream's end ends the walk; a record cut short by it is
// malformed. BOF opens a substream (workbook globals, a worksheet, an
// embedded chart) and EOF closes it.

export const RECORD = {
  BOF: 0x0809,
  EOF: 0x000a,
  CONTINUE: 0x003c,
  FILEPASS: 0x002f,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  FORMULA: 0x0006,
  STRING: 0x0207,
  BOOLERR: 0x0205,
  BLANK: 0x0201,
  MULBLANK: 0x00be,
} as const;

/** The BOF records of BIFF2, BIFF3 and BIFF4 (each its own type). */
const OLD_BOFS = new Set([0x0009, 0x0209, 0x0409]);
const BIFF8 = 0x0600;

export interface BiffRecord {
  type: number;
  /** The record's data, then each CONTINUE's. */
  segments: Buffer[];
}

function headerAt(stream: Buffer, at: number): { type: number; data: Buffer } {
  const end = at + 4 + stream.readUInt16LE(at + 2);
  return end <= stream.length ? { type: stream.readUInt16LE(at), data: stream.subarray(at + 4, end) } : malformed();
}

/** The records from offset `from` to the end of the stream. */
export function* records(stream: Buffer, from: number): Generator<BiffRecord> {
  let at = from;
  while (at + 4 <= stream.length) {
    const { type, data } = headerAt(stream, at);
    const segments = [data];
    at += 4 + data.length;
    while (at + 4 <= stream.length && stream.readUInt16LE(at) === RECORD.CONTINUE) {
      const next = headerAt(stream, at);
      segments.push(next.data);
      at += 4 + next.data.length;
    }
    yield { type, segments };
  }
}

/** The kind of substream (dt: 0x0005 globals, 0x0010 worksheet) a BIFF8 BOF opens; older formats refused. */
export function bofKind(record: BiffRecord | undefined): number {
  if (record && OLD_BOFS.has(record.type)) throw new XlsRefusal('old format');
  if (record?.type !== RECORD.BOF) return malformed();
  const data = new Segments(record.segments);
  const version = data.u16();
  if (version < BIFF8) throw new XlsRefusal('old format');
  return version === BIFF8 ? data.u16() : malformed();
}
