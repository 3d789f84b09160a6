import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { FormatContext } from '../format/formatters';
import { exportFileName, exportTable, toCsv, toXlsx, zonedTimestamp, type ExportColumn } from './export-table';

// Exports read back as an operator opens them: in Norsk and Japanese, in Oslo
// and Tokyo time, the words and times the table shows; raw values for scripts.

const catalogue = (language: string) =>
  JSON.parse(readFileSync(`console/i18n/${language}.json`, 'utf8')) as Record<string, string>;
const ctxOf = (language: string, timeZone: string): FormatContext => {
  const messages = catalogue(language);
  return { locale: language, timeZone, translate: (text) => messages[text] ?? text };
};

const columns: ExportColumn[] = [
  { key: 'name', title: 'Name' },
  { key: 'status', title: 'Status', formatter: 'deviceStatus' },
  { key: 'last_connection_at', title: 'Last connection', formatter: 'relativeTime' },
  { key: 'kind', title: 'Kind', labels: { fw: 'Firmware' } },
  { key: 'note', title: 'Note' },
];
const rows = [
  { name: 'RUT-1', status: 1, last_connection_at: '2026-12-01T21:00:00Z', kind: 'fw', note: '=HYPERLINK("x")' },
  { name: 'RUT-2', status: 0, last_connection_at: '2026-06-30T23:30:00Z', kind: 'fw', note: 'a, "b"' },
];

const readCsv = (text: string) => {
  expect(text.startsWith('\uFEFF')).toBe(true);
  return Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
};

describe('exports', () => {
  it('write the words and times the table shows, in Norsk and Oslo time', async () => {
    const [header, first, second] = readCsv(await toCsv(exportTable(columns, rows, ctxOf('no', 'Europe/Oslo'))));
    expect(header).toEqual(['Name', 'Status', 'Last connection', 'Kind', 'Note']);
    expect(first).toEqual([
      'RUT-1',
      catalogue('no').Online,
      '2026-12-01 22:00:00+01:00',
      'Firmware',
      '\'=HYPERLINK("x")',
    ]);
    expect(first[1]).not.toBe('Online');
    // Summer time has its own offset.
    expect(second.slice(1, 3)).toEqual([catalogue('no').Offline, '2026-07-01 01:30:00+02:00']);
    expect(second[4]).toBe('a, "b"');
  });

  it('write them in Japanese and Tokyo time', async () => {
    const [, first] = readCsv(await toCsv(exportTable(columns, rows, ctxOf('ja', 'Asia/Tokyo'))));
    expect(first.slice(1, 3)).toEqual([catalogue('ja').Online, '2026-12-02 06:00:00+09:00']);
  });

  it('write the raw values for scripts under the field names', async () => {
    const [header, first] = readCsv(await toCsv(exportTable(columns, rows, ctxOf('ja', 'Asia/Tokyo'), 'raw')));
    expect(header).toEqual(['name', 'status', 'last_connection_at', 'kind', 'note']);
    expect(first.slice(0, 4)).toEqual(['RUT-1', '1', '2026-12-01T21:00:00Z', 'fw']);
  });

  it('write an XLSX workbook holding the same cells', async () => {
    const blob = await toXlsx(exportTable(columns, rows, ctxOf('no', 'Europe/Oslo')), 'Devices');
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const xml = Object.entries(files)
      .filter(([name]) => name.startsWith('xl/'))
      .map(([, bytes]) => strFromU8(bytes))
      .join('\n');
    expect(xml).toContain(catalogue('no').Online);
    expect(xml).toContain('2026-12-01 22:00:00+01:00');
    expect(xml).toContain('Devices');
  });

  it("are named after the list and the day of the export in the operator's time zone", () => {
    const late = new Date('2026-12-01T20:30:00Z');
    expect(exportFileName('Devices', late, 'Asia/Tokyo')).toBe('Devices 2026-12-02');
    expect(exportFileName('Devices', late, 'America/New_York')).toBe('Devices 2026-12-01');
    expect(exportFileName('Logs: a/b', late, 'UTC')).toBe('Logs  a b 2026-12-01');
    expect(exportFileName(' ? ', late, 'UTC')).toBe('export 2026-12-01');
  });

  it('says UTC as +00:00', () => {
    expect(zonedTimestamp('2026-01-01T00:00:00Z', 'UTC')).toBe('2026-01-01 00:00:00+00:00');
    expect(zonedTimestamp('not a time', 'UTC')).toBe('');
  });
});
