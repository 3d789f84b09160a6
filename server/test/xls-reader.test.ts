import { describe, expect, it } from 'vitest';
import { MAX_FILE_SIZE } from '../../engine/constants';
import { XlsRefusal } from '../services/xls/refusal';
import { xlsRows } from '../services/xls/workbook';
import { compoundFile } from './xls-compound-file';
import { record, workbookStream, xlsWorkbook, type XlsCell, type XlsOptions } from './xls-workbook';

// The legacy XLS reader on workbooks the test writes record by record: each
// cell record kind, the shared strings split over CONTINUE records, both
// ways a compound file holds a stream (sectors and the mini stream), both
// sector sizes, FAT sectors past the header's DIFAT, and the files it
// refuses, each for its reason.

const read = (file: Buffer) => xlsRows(file, MAX_FILE_SIZE);
const reason = (file: Buffer, limit = MAX_FILE_SIZE) => {
  try {
    xlsRows(file, limit);
  } catch (error) {
    if (error instanceof XlsRefusal) return error.reason;
    throw error;
  }
  return 'read';
};

const SHEET: XlsCell[][] = [
  ['Serial', 'MAC', 'Name'],
  [1234567890, '00:1E:42:AA:BB:01', { label: 'Yard & pump' }],
  [{ number: 1234567890 }, { number: 0.1 }, { number: 912345678901 }],
  [7, -3, 12.34, 536870911, 1e15],
  [{ formula: 42 }, { formula: 'from a formula' }, { formula: true }, { formula: 'error' }, 'after'],
  [{ bool: false }, { bool: true }, { error: 0x2a }, null, 'x'],
  [null, null, null, 'after blanks'],
];

const EXPECTED = [
  ['Serial', 'MAC', 'Name'],
  ['1234567890', '00:1E:42:AA:BB:01', 'Yard & pump'],
  ['1234567890', '0.1', '912345678901'],
  ['7', '-3', '12.34', '536870911', '1000000000000000'],
  ['42', 'from a formula', 'true', '', 'after'],
  ['false', 'true', '', '', 'x'],
  ['', '', '', 'after blanks'],
];

describe('legacy XLS cells', () => {
  it('reads every cell record kind as the text the import reads', () => {
    expect(read(xlsWorkbook(SHEET))).toEqual(EXPECTED);
  });

  it('writes numbers in full, never with an exponent or ".0"', () => {
    const rows = read(xlsWorkbook([[1234567890, { number: 1234567890 }, 1e20, { number: 123456789012 }, -0, 1e22]]));
    expect(rows).toEqual([
      ['1234567890', '1234567890', '100000000000000000000', '123456789012', '0', '10000000000000000000000'],
    ]);
    // A NUMBER record holding no number (a hostile file's NaN or infinity) is an empty cell.
    expect(read(xlsWorkbook([[{ number: NaN }, { number: -Infinity }, 'x']]))).toEqual([['', '', 'x']]);
  });

  it('reads shared strings split over CONTINUE records, the flag byte re-read at each split', () => {
    const strings = [
      'a'.repeat(50),
      'ü日本'.repeat(20),
      'Latin first, then wide: 日本語のテキスト',
      `${'日'.repeat(30)}${'a'.repeat(40)}`,
      '',
      'emoji 😀 split 😀😀😀',
    ];
    for (const recordLimit of [17, 24, 64, 8224]) {
      for (const rich of [false, true]) {
        const rows = read(xlsWorkbook([strings, ['tail']], { recordLimit, rich }));
        expect(rows, `limit ${recordLimit}, rich ${rich}`).toEqual([strings, ['tail']]);
      }
    }
  });

  it('reads the first worksheet, past a chart sheet and a chart embedded in it', () => {
    expect(read(xlsWorkbook(SHEET, { chartFirst: true, embeddedChart: true }))).toEqual(EXPECTED);
  });

  it('reads a workbook without cells as no rows', () => {
    expect(read(xlsWorkbook([]))).toEqual([]);
  });
});

describe('the compound file around the workbook', () => {
  const layouts: [string, XlsOptions][] = [
    ['a small workbook in the mini stream', {}],
    ['a workbook of 4096 bytes and more in sectors (as Excel writes it)', { padStream: true }],
    ['4096-byte sectors, mini stream', { sectorSize: 4096 }],
    ['4096-byte sectors, sectors', { sectorSize: 4096, padStream: true }],
    ['FAT sectors past the header DIFAT (512-byte sectors)', { fatSectors: 240, padStream: true }],
    ['FAT sectors past the header DIFAT (4096-byte sectors)', { sectorSize: 4096, fatSectors: 111 }],
  ];
  for (const [name, options] of layouts) {
    it(`reads ${name}`, () => {
      const file = xlsWorkbook(SHEET, options);
      if (options.fatSectors) expect(file.readUInt32LE(0x48), 'DIFAT sectors').toBeGreaterThan(0);
      expect(read(file)).toEqual(EXPECTED);
    });
  }

  it('reads a workbook stream named "Book" when it is BIFF8', () => {
    expect(read(xlsWorkbook(SHEET, { streamName: 'Book' }))).toEqual(EXPECTED);
  });
});

/** The byte offset of the directory entry named `name` (512-byte sectors). */
function entryOffset(file: Buffer, name: string): number {
  const directory = (file.readUInt32LE(0x30) + 1) * 512;
  for (let at = directory; at < directory + 512; at += 128) {
    if (file.toString('utf16le', at, at + name.length * 2) === name) return at;
  }
  throw new Error(`no entry ${name}`);
}

/** The byte offset of the first record of a type in a workbook stream. */
function recordOffset(stream: Buffer, type: number): number {
  for (let at = 0; at + 4 <= stream.length; at += 4 + stream.readUInt16LE(at + 2)) {
    if (stream.readUInt16LE(at) === type) return at;
  }
  throw new Error(`no record ${type}`);
}

/** The byte offset of FAT entry `n` (the first FAT sector). */
const fatEntry = (file: Buffer, n: number) => (file.readUInt32LE(0x4c) + 1) * 512 + n * 4;

describe('files the reader refuses, each for its reason', () => {
  it('refuses Excel 5.0/95 and older workbooks', () => {
    expect(reason(xlsWorkbook(SHEET, { version: 0x0500, streamName: 'Book' }))).toBe('old format');
    const biff4 = compoundFile([
      { name: 'Book', data: Buffer.concat([record(0x0409, Buffer.alloc(6)), record(0x0a)]) },
    ]);
    expect(reason(biff4)).toBe('old format');
  });

  it('refuses encrypted workbooks and encrypted XLSX packages', () => {
    expect(reason(xlsWorkbook(SHEET, { encrypted: true }))).toBe('encrypted');
    const package_ = compoundFile([
      { name: 'EncryptionInfo', data: Buffer.alloc(300) },
      { name: 'EncryptedPackage', data: Buffer.alloc(5000) },
    ]);
    expect(reason(package_)).toBe('encrypted');
  });

  it('refuses a stream declared larger than an upload may hold', () => {
    const file = xlsWorkbook(SHEET, { padStream: true });
    expect(reason(file, 4095)).toBe('too large');
    file.writeUInt32LE(MAX_FILE_SIZE + 1, entryOffset(file, 'Workbook') + 0x78);
    expect(reason(file)).toBe('too large');
  });

  it('refuses sector chains with a cycle or a sector out of range', () => {
    for (const padStream of [true, false]) {
      const file = xlsWorkbook(SHEET, { padStream });
      const root = file.readUInt32LE(entryOffset(file, 'Root Entry') + 0x74);
      const start = padStream ? file.readUInt32LE(entryOffset(file, 'Workbook') + 0x74) : root;
      const cycle = Buffer.from(file);
      cycle.writeUInt32LE(start, fatEntry(file, start));
      expect(reason(cycle)).toBe('malformed');
      const outside = Buffer.from(file);
      outside.writeUInt32LE(0x00ffffff, fatEntry(file, start));
      expect(reason(outside)).toBe('malformed');
    }
    // The directory has no size of its own: only the cycle check ends a chain that loops.
    const file = xlsWorkbook(SHEET);
    const directory = file.readUInt32LE(0x30);
    file.writeUInt32LE(directory, fatEntry(file, directory));
    expect(reason(file)).toBe('malformed');
  });

  it('refuses a directory whose tree loops', () => {
    const file = xlsWorkbook(SHEET);
    const root = entryOffset(file, 'Root Entry');
    const child = file.readUInt32LE(root + 0x4c);
    const loop = Buffer.from(file);
    loop.writeUInt32LE(child, (file.readUInt32LE(0x30) + 1) * 512 + child * 128 + 0x44);
    expect(reason(loop)).toBe('malformed');
  });

  it('refuses absurd counts, truncated files and truncated records', () => {
    const file = xlsWorkbook(SHEET, { padStream: true });
    const fatCount = Buffer.from(file);
    fatCount.writeUInt32LE(0x7fffffff, 0x2c);
    expect(reason(fatCount)).toBe('malformed');
    expect(reason(file.subarray(0, file.length - 700))).toBe('malformed');
    expect(reason(file.subarray(0, 300))).toBe('malformed');
    const stream = workbookStream(SHEET);
    const cut = compoundFile([{ name: 'Workbook', data: stream.subarray(0, stream.length - 3) }]);
    expect(reason(cut)).toBe('malformed');
    const badString = Buffer.from(stream);
    // An SST whose unique count says fewer strings than the cells use: a LABELSST past them is malformed.
    badString.writeUInt32LE(0, recordOffset(badString, 0x00fc) + 8);
    expect(reason(compoundFile([{ name: 'Workbook', data: badString }]))).toBe('malformed');
  });

  it('refuses a compound file holding no workbook', () => {
    expect(reason(compoundFile([{ name: 'WordDocument', data: Buffer.alloc(5000) }]))).toBe('malformed');
    expect(reason(Buffer.from('d0cf11e0a1b11ae1', 'hex'))).toBe('malformed');
  });
});
