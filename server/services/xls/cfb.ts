import { chainData, MINI_SECTOR_SIZE, readChain, readSectors, sectorOf, tableOf } from './cfb-sectors';
import { malformed, XlsRefusal } from './refusal';

// The workbook stream of a legacy XLS file: the compound file's directory
// (128-byte entries in the chain from the header's first directory sector),
// its tree walked from the root storage's child through the left and right
// siblings (a loop in the tree is malformed), and the stream named
// "Workbook" (BIFF8) or "Book" (BIFF5, refused by its BOF later) read from
// the FAT chain, or from the mini stream (the root entry's chain, in 64-byte
// mini sectors linked by the mini FAT) when it is smaller than the cutoff.
// An encrypted XLSX is a compound file too, holding "EncryptedPackage".

const ENTRY_SIZE = 128;
const NO_ENTRY = 0xffffffff;
const STREAM = 2;
const ROOT = 5;

interface Entry {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

function entryAt(directory: Buffer, id: number, version: number): Entry {
  const at = id * ENTRY_SIZE;
  const nameLength = Math.min(directory.readUInt16LE(at + 0x40), 64);
  // Version 3 files may leave garbage in the size's high half; version 4 means it.
  const high = version === 4 ? directory.readUInt32LE(at + 0x7c) : 0;
  return {
    name: directory.toString('utf16le', at, at + Math.max(0, nameLength - 2)).toLowerCase(),
    type: directory[at + 0x42],
    left: directory.readUInt32LE(at + 0x44),
    right: directory.readUInt32LE(at + 0x48),
    child: directory.readUInt32LE(at + 0x4c),
    start: directory.readUInt32LE(at + 0x74),
    size: high === 0 ? directory.readUInt32LE(at + 0x78) : Infinity,
  };
}

/** The streams directly under the root storage, by lower-case name. */
function rootStreams(directory: Buffer, version: number): { root: Entry; streams: Map<string, Entry> } {
  const count = Math.floor(directory.length / ENTRY_SIZE);
  if (count === 0) return malformed();
  const root = entryAt(directory, 0, version);
  if (root.type !== ROOT) return malformed();
  const streams = new Map<string, Entry>();
  const seen = new Set<number>();
  const pending = [root.child];
  while (pending.length) {
    const id = pending.pop()!;
    if (id === NO_ENTRY) continue;
    if (id >= count || seen.has(id)) return malformed();
    seen.add(id);
    const entry = entryAt(directory, id, version);
    if (entry.type === STREAM && !streams.has(entry.name)) streams.set(entry.name, entry);
    pending.push(entry.left, entry.right);
  }
  return { root, streams };
}

/** The workbook stream ("Workbook", else "Book") of a compound file, at most `limit` bytes. */
export function workbookStream(file: Buffer, limit: number): Buffer {
  const sectors = readSectors(file);
  const sector = sectorOf(sectors);
  const { root, streams } = rootStreams(chainData(sectors, sectors.firstDirectory), sectors.version);
  const workbook = streams.get('workbook') ?? streams.get('book');
  if (!workbook) throw new XlsRefusal(streams.has('encryptedpackage') ? 'encrypted' : 'malformed');
  if (workbook.size > limit) throw new XlsRefusal('too large');
  if (workbook.size > file.length || root.size > file.length) return malformed();
  if (workbook.size >= sectors.miniCutoff) {
    return readChain(sectors.fat, workbook.start, workbook.size, sectors.size, sector);
  }
  const ministream = readChain(sectors.fat, root.start, root.size, sectors.size, sector);
  const miniAt = (n: number) => {
    const at = n * MINI_SECTOR_SIZE;
    return at < ministream.length ? ministream.subarray(at, at + MINI_SECTOR_SIZE) : null;
  };
  return readChain(tableOf(sectors, sectors.firstMiniFat), workbook.start, workbook.size, MINI_SECTOR_SIZE, miniAt);
}
