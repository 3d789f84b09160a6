// Compound File Binary (OLE2) files built in the test, by hand: the container
// of a legacy XLS workbook. Streams of 4096 bytes and more take whole
// sectors linked by the FAT; smaller ones live in the mini stream (64-byte
// mini sectors linked by the mini FAT, itself the root entry's chain). The
// directory is a balanced tree under the root. Sectors are 512 bytes
// (version 3) or 4096 (version 4); `fatSectors` asks for at least that many
// FAT sectors (more than 109 puts the rest of the DIFAT in DIFAT sectors).

export interface CfbStream {
  name: string;
  data: Buffer;
}

export interface CfbOptions {
  sectorSize?: 512 | 4096;
  fatSectors?: number;
}

const FREE = 0xffffffff;
const END = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const DIFAT_SECTOR = 0xfffffffc;
const NO_ENTRY = 0xffffffff;
const MINI_CUTOFF = 4096;
const MINI = 64;

const pad = (data: Buffer, unit: number) => Buffer.concat([data, Buffer.alloc((unit - (data.length % unit)) % unit)]);
const units = (length: number, unit: number) => Math.ceil(length / unit);

/** Chains of consecutive units: `lengths[i]` units each; the table and each chain's first unit. */
function chains(lengths: number[], table: number[]): number[] {
  return lengths.map((count) => {
    if (count === 0) return END;
    const start = table.length;
    for (let i = 1; i <= count; i++) table.push(i === count ? END : start + i);
    return start;
  });
}

function directoryEntry(name: string, type: number, start: number, size: number): Buffer {
  const entry = Buffer.alloc(128);
  entry.write(name, 0, 'utf16le');
  entry.writeUInt16LE(name ? (name.length + 1) * 2 : 0, 0x40);
  entry[0x42] = type;
  entry[0x43] = 1; // black
  entry.writeUInt32LE(NO_ENTRY, 0x44);
  entry.writeUInt32LE(NO_ENTRY, 0x48);
  entry.writeUInt32LE(NO_ENTRY, 0x4c);
  entry.writeUInt32LE(start, 0x74);
  entry.writeUInt32LE(size, 0x78);
  return entry;
}

/** Links entries first..last (ids) as a balanced tree; its root's id. */
function tree(entries: Buffer[], first: number, last: number): number {
  if (first > last) return NO_ENTRY;
  const middle = (first + last) >> 1;
  entries[middle].writeUInt32LE(tree(entries, first, middle - 1), 0x44);
  entries[middle].writeUInt32LE(tree(entries, middle + 1, last), 0x48);
  return middle;
}

export function compoundFile(streams: CfbStream[], options: CfbOptions = {}): Buffer {
  const size = options.sectorSize ?? 512;
  const small = streams.filter((s) => s.data.length < MINI_CUTOFF);
  const large = streams.filter((s) => s.data.length >= MINI_CUTOFF);
  const miniTable: number[] = [];
  const miniStarts = chains(
    small.map((s) => units(s.data.length, MINI)),
    miniTable,
  );
  const ministream = Buffer.concat(small.map((s) => pad(s.data, MINI)));
  const miniFat = pad(Buffer.from(new Uint32Array(miniTable).buffer), size);
  const directory: Buffer[] = [];
  const bodies = [...large.map((s) => s.data), ministream, miniTable.length ? miniFat : Buffer.alloc(0)];
  const fat: number[] = [];
  const starts = chains(
    bodies.map((b) => units(b.length, size)),
    fat,
  );
  const [miniFatStart] = starts.slice(-1);
  const ministreamStart = starts[starts.length - 2];
  const names = [...large, ...small];
  const entryStarts = [...starts.slice(0, large.length), ...miniStarts];
  directory.push(directoryEntry('Root Entry', 5, ministream.length ? ministreamStart : END, ministream.length));
  names.forEach((s, i) => directory.push(directoryEntry(s.name, 2, entryStarts[i], s.data.length)));
  directory[0].writeUInt32LE(tree(directory, 1, directory.length - 1), 0x4c);
  while ((directory.length * 128) % size) directory.push(directoryEntry('', 0, 0, 0));
  const directoryData = Buffer.concat(directory);
  const [directoryStart] = chains([units(directoryData.length, size)], fat);
  // FAT and DIFAT sectors come last and count themselves.
  const perFat = size / 4;
  const perDifat = perFat - 1;
  let fatCount = Math.max(1, options.fatSectors ?? 1);
  let difatCount = 0;
  for (;;) {
    const total = fat.length + fatCount + difatCount;
    const needFat = Math.max(options.fatSectors ?? 1, units(total, perFat));
    const needDifat = units(Math.max(0, needFat - 109), perDifat);
    if (needFat === fatCount && needDifat === difatCount) break;
    fatCount = needFat;
    difatCount = needDifat;
  }
  const fatStart = fat.length;
  for (let i = 0; i < fatCount; i++) fat.push(FAT_SECTOR);
  const difatStart = fat.length;
  for (let i = 0; i < difatCount; i++) fat.push(DIFAT_SECTOR);
  while (fat.length % perFat || fat.length < fatCount * perFat) fat.push(FREE);
  const fatData = Buffer.from(new Uint32Array(fat).buffer);
  const fatNumbers = Array.from({ length: fatCount }, (_, i) => fatStart + i);
  const difat: Buffer[] = [];
  for (let d = 0; d < difatCount; d++) {
    const sector = Buffer.alloc(size, 0xff);
    fatNumbers.slice(109 + d * perDifat, 109 + (d + 1) * perDifat).forEach((n, k) => sector.writeUInt32LE(n, k * 4));
    sector.writeUInt32LE(d + 1 < difatCount ? difatStart + d + 1 : END, perDifat * 4);
    difat.push(sector);
  }
  const header = Buffer.alloc(size);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(size === 512 ? 3 : 4, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(size === 512 ? 9 : 12, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(size === 512 ? 0 : units(directoryData.length, size), 0x28);
  header.writeUInt32LE(fatCount, 0x2c);
  header.writeUInt32LE(directoryStart, 0x30);
  header.writeUInt32LE(MINI_CUTOFF, 0x38);
  header.writeUInt32LE(miniTable.length ? miniFatStart : END, 0x3c);
  header.writeUInt32LE(units(miniTable.length * 4, size), 0x40);
  header.writeUInt32LE(difatCount ? difatStart : END, 0x44);
  header.writeUInt32LE(difatCount, 0x48);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(fatNumbers[i] ?? FREE, 0x4c + i * 4);
  return Buffer.concat([header, ...bodies.map((b) => pad(b, size)), pad(directoryData, size), fatData, ...difat]);
}
