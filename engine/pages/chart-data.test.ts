import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chartData, formatValue, seriesData, tickLabels } from './chart-data';
import { yScale } from './chart-scale';
import type { PageChart, PageSeries } from './types';

const ctx = { locale: 'en', timeZone: 'UTC' };
const count: PageSeries = { key: 'n', title: 'Devices' };
const chart = (x: string, extra: Partial<PageChart> = {}): PageChart => ({ type: 'bar', x, series: [count], ...extra });

describe('chartData', () => {
  it('puts months in ascending order on calendar slots, a missing month a gap, labels in the language', () => {
    const rows = [{ month: '2025-12', n: '3' }, { month: '2025-10', n: 5 }, { month: '2026-01' }];
    const data = chartData(chart('month'), [count], rows, ctx);
    expect(data.time).toBe(true);
    expect(data.rows.map((row) => row.month)).toEqual(['2025-10', '2025-12', '2026-01']);
    expect(data.slots).toEqual([0, 2, 3]);
    expect(data.slotCount).toBe(4);
    expect(data.xs).toEqual([Date.UTC(2025, 9, 1) / 1000, Date.UTC(2025, 11, 1) / 1000, Date.UTC(2026, 0, 1) / 1000]);
    expect(data.labels).toEqual(['Oct 2025', 'Dec 2025', 'Jan 2026']);
    expect(data.values[0].slice(0, 2)).toEqual([5, 3]);
    expect(data.values[0][2]).toBeNaN();
  });

  it('shows a month or a day as written, whatever the timezone', () => {
    const tokyo = { locale: 'en', timeZone: 'Pacific/Honolulu' };
    expect(chartData(chart('month'), [count], [{ month: '2026-01' }], tokyo).labels).toEqual(['Jan 2026']);
    expect(chartData(chart('day'), [count], [{ day: '2026-01-01' }], tokyo).labels).toEqual(['Jan 1, 2026']);
  });

  it('formats a date-time through the dateTime formatter, and an own x formatter wins', () => {
    const rows = [{ at: '2026-05-03T10:00:00Z' }, { at: '2026-05-02' }];
    const labels = chartData(chart('at'), [], rows, ctx).labels;
    expect(labels[0]).toBe('May 2, 2026');
    expect(labels[1]).toMatch(/^May 3, 2026.*10:00/);
    expect(chartData(chart('n', { xFormatter: 'dbm' }), [], [{ n: -61 }], ctx).labels).toEqual(['-61 dBm']);
  });

  it('keeps categories in their order, one slot each', () => {
    const data = chartData(
      chart('model'),
      [count],
      [
        { model: 'RUT', n: 2 },
        { model: 'TRB', n: 1 },
      ],
      ctx,
    );
    expect(data).toMatchObject({ time: false, xs: [0, 1], slots: [0, 1], slotCount: 2, labels: ['RUT', 'TRB'] });
    expect(data.values).toEqual([[2, 1]]);
  });

  it('gives every series a value per row, rows in ascending time, each slot within the count', () => {
    const day = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2026, 0, 1) }).map((ms) => {
      const d = new Date(ms);
      return d.toISOString().slice(0, 10);
    });
    fc.assert(
      fc.property(fc.array(fc.record({ day, n: fc.integer() }), { minLength: 1, maxLength: 30 }), (rows) => {
        const data = chartData(chart('day'), [count, { key: 'missing', title: 'None' }], rows, ctx);
        expect(data.rows).toHaveLength(rows.length);
        expect(data.values.map((values) => values.length)).toEqual([rows.length, rows.length]);
        expect(data.xs.every((x, i) => i === 0 || x >= data.xs[i - 1])).toBe(true);
        expect(data.slots.every((slot) => slot >= 0 && slot < data.slotCount)).toBe(true);
        expect([...data.values[0]].sort()).toEqual(rows.map((row) => row.n).sort());
      }),
      { numRuns: 30 },
    );
  });
});

describe('seriesData', () => {
  const signal: PageSeries = { key: 'signal', title: 'Signal', formatter: 'dbm' };
  const temperature: PageSeries = { key: 'temperature', title: 'Temperature' };
  const rows = [
    { at: '2026-05-03T10:00:00Z', signal: -61, temperature: 40 },
    { at: '2026-05-03T10:05:00Z', temperature: 41 },
    { at: '2026-05-03T10:10:00Z', signal: -63 },
  ];
  const all = chartData(chart('at', { type: 'line' }), [signal, temperature], rows, ctx);

  it('keeps the rows where one of its series has a value, with their times, labels and slots', () => {
    const data = seriesData(all, [0]);
    expect(data.values).toEqual([[-61, -63]]);
    expect(data.xs).toEqual([all.xs[0], all.xs[2]]);
    expect(data.labels).toEqual([all.labels[0], all.labels[2]]);
    expect(data.slots).toEqual([all.slots[0], all.slots[2]]);
    expect(data.rows.map((row) => row.at)).toEqual([rows[0].at, rows[2].at]);
    expect(seriesData(all, [1]).values).toEqual([[40, 41]]);
  });

  it('keeps every row for series that share a unit when one of them has a value', () => {
    const both = seriesData(all, [0, 1]);
    expect(both.rows).toHaveLength(3);
    expect(both.values[0][1]).toBeNaN();
  });
});

describe('tickLabels / formatValue', () => {
  it('labels byte axes in one unit and others through the series formatter', () => {
    expect(tickLabels({ key: 'b', title: 'Bytes', formatter: 'bytes' }, yScale([0, 3e9]), ctx)).toEqual([
      '0 MB',
      '953.67 MB',
      '1907.35 MB',
      '2861.02 MB',
    ]);
    expect(tickLabels(count, yScale([0, 30]), ctx)).toEqual(['0', '10', '20', '30']);
  });

  it('formats a value in its series unit, numbers by default', () => {
    expect(formatValue({ key: 's', title: 'Signal', formatter: 'dbm' }, -61, ctx)).toBe('-61 dBm');
    expect(formatValue(count, 1234, ctx)).toBe(formatValue({ ...count, formatter: 'number' }, 1234, ctx));
  });
});
