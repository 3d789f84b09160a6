import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_SIZE } from '../../engine/constants';
import { ApiError } from '../http/envelope';
import { importLines } from '../services/device-import-file';
import { xlsRows } from '../services/xls/workbook';
import { xlsWorkbook, type XlsCell, type XlsOptions } from './xls-workbook';

// Properties of the legacy XLS reader: any grid of strings and numbers the
// test writes (in any layout: either sector size, mini stream or sectors,
// SST records of any size, rich strings) reads back as the same text; any
// corruption of a valid file either reads or is the import's 422 on `file`,
// within a bound of CPU time; and a 10,000-row sheet reads in well under a
// second (CPU time, which the machine's load does not inflate).

const cell: fc.Arbitrary<XlsCell> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 300 }),
  fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
  fc.integer({ min: 100_000_000, max: 999_999_999_999 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e20, max: 1e20 }),
  fc.constant(null),
);

const layout: fc.Arbitrary<XlsOptions> = fc.record({
  sectorSize: fc.constantFrom(512 as const, 4096 as const),
  padStream: fc.boolean(),
  recordLimit: fc.integer({ min: 12, max: 8224 }),
  rich: fc.boolean(),
});

/** A number as text the way JavaScript writes it (no exponent below 1e21), -0 as 0. */
const text = (value: XlsCell) => (value === null ? '' : typeof value === 'number' ? String(value) : (value as string));
/** Rows without trailing empty cells, and no trailing empty rows. */
function trimmed(rows: string[][]): string[][] {
  const out = rows.map((row) => {
    const cells = [...row];
    while (cells.length && cells[cells.length - 1] === '') cells.pop();
    return cells;
  });
  while (out.length && !out[out.length - 1].length) out.pop();
  return out;
}

const cpuMs = (run: () => void) => {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

describe('legacy XLS reader properties', () => {
  it('reads back any grid of strings and numbers it is given, in any layout', () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { maxLength: 12 }), { maxLength: 25 }), layout, (grid, options) => {
        const rows = xlsRows(xlsWorkbook(grid, options), MAX_FILE_SIZE);
        expect(trimmed(rows)).toEqual(trimmed(grid.map((row) => row.map(text))));
      }),
      { numRuns: 150 },
    );
  });

  it('reads a corrupted file or refuses it with the 422 on file, never anything else, in bounded time', async () => {
    const base = [
      ['Serial', 'MAC', 'Name'],
      [1234567890, '00:1E:42:AA:BB:01', 'Pump ü 日本'],
      [{ number: 9100000002 }, 12.5, { formula: 'text' }],
    ] satisfies XlsCell[][];
    const corruption = fc.record({
      options: layout,
      bytes: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 12 }),
      cut: fc.option(fc.nat(), { nil: undefined }),
    });
    let worst = 0;
    await fc.assert(
      fc.asyncProperty(corruption, async ({ options, bytes, cut }) => {
        const file = Buffer.from(xlsWorkbook(base, options));
        // Most hits land in the 8-byte signature otherwise; keep it so the XLS reader is what runs.
        for (const [at, value] of bytes) file[8 + (at % (file.length - 8))] = value;
        const buffer = cut === undefined ? file : file.subarray(0, 8 + (cut % file.length));
        const upload = { name: 'devices.xls', size: buffer.length, type: 'application/vnd.ms-excel', buffer };
        const start = process.cpuUsage();
        await importLines(upload).then(
          (lines) => expect(Array.isArray(lines)).toBe(true),
          (error: unknown) => {
            expect(error).toBeInstanceOf(ApiError);
            expect((error as ApiError).status).toBe(422);
            expect((error as ApiError).errors[0].source).toBe('file');
          },
        );
        const used = process.cpuUsage(start);
        worst = Math.max(worst, (used.user + used.system) / 1000);
      }),
      { numRuns: 400 },
    );
    expect(worst, 'CPU ms of the slowest corrupted file').toBeLessThan(1000);
  }, 120_000);

  it('reads a 10,000-row sheet in well under a second of CPU time', () => {
    const grid: XlsCell[][] = [['Serial', 'MAC', 'Name', 'Device series']];
    for (let i = 0; i < 10_000; i++) {
      const mac = `00:1E:42:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:01`;
      grid.push([9_100_000_000 + i, mac, `Device ${i}`, 'rut']);
    }
    const file = xlsWorkbook(grid);
    let rows: string[][] = [];
    const ms = cpuMs(() => {
      rows = xlsRows(file, MAX_FILE_SIZE);
    });
    expect(rows).toHaveLength(10_001);
    expect(rows[10_000]).toEqual(['9100009999', '00:1E:42:27:0f:01', 'Device 9999', 'rut']);
    console.info(`10,000-row XLS (${file.length} bytes): ${ms.toFixed(1)} ms CPU`);
    expect(ms).toBeLessThan(500);
  });
});
