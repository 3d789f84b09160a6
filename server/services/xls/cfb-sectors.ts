import { malformed } from './refusal';

// The sectors of a Compound File Binary (OLE2) file, the container of a
// legacy XLS workbook: the 512-byte header, the DIFAT (109 entries in the
// header, the rest in a chain of DIFAT sectors) that lists the FAT sectors,
// the FAT that links each sector to the next of its chain, and reading a
// chain. Sectors are 512 (version 3) or 4096 bytes (version 4); sector n
// starts at (n + 1) * size. Every walk is bounded: a chain that leaves the
// table or the file, or comes back to a sector it passed, is malformed.

const SIGNATURE = 'd0cf11e0a1b11ae1';
const END_OF_CHAIN = 0xfffffffe;
const HEADER_SIZE = 512;
const HEADER_DIFAT = 109;
const MINI_SECTOR_SHIFT = 6;

export interface Sectors {
  file: Buffer;
  /** 512 or 4096. */
  size: number;
  version: number;
  fat: Uint32Array;
  firstDirectory: number;
  /** Streams smaller than this live in the mini stream (4096). */
  miniCutoff: number;
  firstMiniFat: number;
}

export const MINI_SECTOR_SIZE = 1 << MINI_SECTOR_SHIFT;

/** Sector `n` of the file (the last one may be short), or null when it lies past the end. */
function sectorAt(file: Buffer, size: number, n: number): Buffer | null {
  const at = (n + 1) * size;
  return at < file.length ? file.subarray(at, at + size) : null;
}

/** The sector numbers of the chain from `start` in `table`, at most `count` of them. */
function follow(table: Uint32Array, start: number, count: number): number[] {
  const chain: number[] = [];
  const seen = new Uint8Array(table.length);
  for (let at = start; at !== END_OF_CHAIN && chain.length < count; at = table[at]) {
    if (at >= table.length || seen[at]) return malformed();
    seen[at] = 1;
    chain.push(at);
  }
  return chain;
}

/** `length` bytes read along the chain from `start` through units of `unit` bytes. */
export function readChain(
  table: Uint32Array,
  start: number,
  length: number,
  unit: number,
  unitAt: (n: number) => Buffer | null,
): Buffer {
  if (length === 0) return Buffer.alloc(0);
  const chain = follow(table, start, Math.ceil(length / unit));
  const data = Buffer.concat(chain.map((n) => unitAt(n) ?? malformed()));
  return data.length >= length ? data.subarray(0, length) : malformed();
}

/** The given sectors, whole, one after the other. */
function sectorsData(file: Buffer, size: number, list: number[]): Buffer {
  return Buffer.concat(
    list.map((n) => {
      const sector = sectorAt(file, size, n);
      return sector && sector.length === size ? sector : malformed();
    }),
  );
}

/** The uint32 entries of a table's bytes. */
function entriesOf(data: Buffer): Uint32Array {
  const table = new Uint32Array(data.length / 4);
  for (let k = 0; k < table.length; k++) table[k] = data.readUInt32LE(k * 4);
  return table;
}

/** The FAT sector numbers: the header's DIFAT, then the DIFAT sector chain. */
function fatSectors(file: Buffer, size: number, count: number): number[] {
  const list: number[] = [];
  for (let i = 0; i < Math.min(count, HEADER_DIFAT); i++) list.push(file.readUInt32LE(0x4c + i * 4));
  const perSector = size / 4 - 1;
  const seen = new Set<number>();
  for (let at = file.readUInt32LE(0x44); list.length < count;) {
    const sector = seen.has(at) ? null : sectorAt(file, size, at);
    if (!sector || sector.length < size) return malformed();
    seen.add(at);
    for (let k = 0; k < perSector && list.length < count; k++) list.push(sector.readUInt32LE(k * 4));
    at = sector.readUInt32LE(perSector * 4);
  }
  return list;
}

/** The header and the FAT of a compound file; malformed when it is none. */
export function readSectors(file: Buffer): Sectors {
  if (file.length < HEADER_SIZE || file.subarray(0, 8).toString('hex') !== SIGNATURE) return malformed();
  const version = file.readUInt16LE(0x1a);
  const shift = file.readUInt16LE(0x1e);
  const byteOrder = file.readUInt16LE(0x1c);
  if (byteOrder !== 0xfffe || (shift !== 9 && shift !== 12) || file.readUInt16LE(0x20) !== MINI_SECTOR_SHIFT) {
    return malformed();
  }
  const size = 1 << shift;
  const fatCount = file.readUInt32LE(0x2c);
  // Every FAT sector is a sector of the file, so a count beyond what the file holds is a lie.
  if (fatCount === 0 || fatCount > file.length / size) return malformed();
  return {
    file,
    size,
    version,
    fat: entriesOf(sectorsData(file, size, fatSectors(file, size, fatCount))),
    firstDirectory: file.readUInt32LE(0x30),
    miniCutoff: file.readUInt32LE(0x38),
    firstMiniFat: file.readUInt32LE(0x3c),
  };
}

/** Sector `n` of these sectors. */
export const sectorOf = (sectors: Sectors) => (n: number) => sectorAt(sectors.file, sectors.size, n);

/** The whole chain from `start` (the directory, the mini FAT: streams without a size of their own). */
export const chainData = (sectors: Sectors, start: number): Buffer =>
  sectorsData(sectors.file, sectors.size, follow(sectors.fat, start, Infinity));

/** The table held by the chain from `start` (the mini FAT). */
export const tableOf = (sectors: Sectors, start: number): Uint32Array => entriesOf(chainData(sectors, start));
