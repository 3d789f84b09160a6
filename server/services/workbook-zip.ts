import { inflateRawSync } from 'node:zlib';

// The ZIP container of an XLSX workbook, checked before a reader unpacks it:
// every entry of the central directory is stored or deflated, the sizes it
// declares add up to at most `limit` bytes, and its data really unpacks to
// the size it declares (inflated with that size as the bound, so a lying
// header or a zip bomb costs at most `limit` bytes and stops there). The
// answer is a reason to refuse the file, or null when it passes. The walk is
// the one the reader's unzip (fflate) makes: the last end record, its
// directory, each entry's data after its local header.

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The ZIP64 locator before the end record: a second directory the check does not read, so refused. */
const ZIP64_LOCATOR = 0x07064b50;
/** The end record (22 bytes) and at most a 64 KB comment after it. */
const END_SEARCH = 22 + 0xffff;

export type ZipRefusal = 'malformed' | 'too large';

interface Entry {
  method: number;
  packed: number;
  unpacked: number;
  local: number;
}

function endOfDirectory(zip: Buffer): number {
  for (let at = zip.length - 22; at >= 0 && zip.length - at <= END_SEARCH; at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

function entries(zip: Buffer): Entry[] | null {
  const end = endOfDirectory(zip);
  if (end < 0 || (end >= 20 && zip.readUInt32LE(end - 20) === ZIP64_LOCATOR)) return null;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const list: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    list.push({
      method: zip.readUInt16LE(at + 10),
      packed: zip.readUInt32LE(at + 20),
      unpacked: zip.readUInt32LE(at + 24),
      local: zip.readUInt32LE(at + 42),
    });
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return list;
}

function unpacksAsDeclared(zip: Buffer, entry: Entry): boolean {
  const { local, packed, unpacked, method } = entry;
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) return false;
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  if (start + packed > zip.length) return false;
  if (method === 0) return packed === unpacked;
  if (method !== 8) return false;
  try {
    const data = inflateRawSync(zip.subarray(start, start + packed), { maxOutputLength: Math.max(1, unpacked) });
    return data.length === unpacked;
  } catch {
    return false;
  }
}

export function checkWorkbookZip(zip: Buffer, limit: number): ZipRefusal | null {
  const list = entries(zip);
  if (!list?.length) return 'malformed';
  if (list.reduce((sum, entry) => sum + entry.unpacked, 0) > limit) return 'too large';
  return list.every((entry) => unpacksAsDeclared(zip, entry)) ? null : 'malformed';
}
