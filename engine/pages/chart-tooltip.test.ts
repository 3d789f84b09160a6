import { describe, expect, it } from 'vitest';
import { chartData } from './chart-data';
import { tooltipAt } from './chart-tooltip';
import type { PageSeries } from './types';

const ctx = { locale: 'en', timeZone: 'UTC' };
const series: PageSeries[] = [
  { key: 'rsrp', title: 'RSRP', formatter: 'dbm' },
  { key: 'sinr', title: 'SINR', formatter: 'dbm' },
];
const colorOf = (s: PageSeries) => (s.key === 'rsrp' ? 'red' : 'blue');

describe('tooltipAt', () => {
  it('titles the row by its x label, with its ISO time on a time axis, and lists each series value', () => {
    const rows = [
      { at: '2026-05-02', rsrp: -90, sinr: 12 },
      { at: '2026-05-01', rsrp: -95, sinr: 9 },
    ];
    const data = chartData({ type: 'line', x: 'at', series }, series, rows, ctx);
    expect(tooltipAt({ data, series, colorOf, ctx }, 1, 40, 8)).toEqual({
      left: 40,
      top: 8,
      title: 'May 2, 2026',
      time: '2026-05-02T00:00:00.000Z',
      lines: [
        { color: 'red', label: 'RSRP', value: '-90 dBm' },
        { color: 'blue', label: 'SINR', value: '12 dBm' },
      ],
    });
  });

  it('has no time on a category axis', () => {
    const data = chartData({ type: 'bar', x: 'model', series }, series, [{ model: 'RUT', rsrp: -80 }], ctx);
    const tip = tooltipAt({ data, series: series.slice(0, 1), colorOf, ctx }, 0, 0, 0);
    expect(tip.time).toBeUndefined();
    expect(tip.title).toBe('RUT');
    expect(tip.lines).toEqual([{ color: 'red', label: 'RSRP', value: '-80 dBm' }]);
  });
});
