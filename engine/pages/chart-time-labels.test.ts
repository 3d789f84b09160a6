import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timeAxisLabels } from './chart-time-labels';

const utc = { locale: 'en', timeZone: 'UTC' };
const at = (...parts: [number, number, number, number?]) => Date.UTC(...parts) / 1000;
const HOUR = 3600;
const DAY = 86_400;

describe('timeAxisLabels', () => {
  it('shows clock times under a day, with the date where the day changes', () => {
    const labels = timeAxisLabels([at(2026, 4, 3, 22), at(2026, 4, 3, 23), at(2026, 4, 4, 0)], HOUR, utc);
    expect(labels[0]).toMatch(/^10:00.*\nMay 3$/);
    expect(labels[1]).toMatch(/^11:00\D*$/);
    expect(labels[2]).toMatch(/^12:00.*\nMay 4$/);
  });

  it('shows dates for steps of a day and months for steps of four weeks or more', () => {
    expect(timeAxisLabels([at(2026, 4, 3), at(2026, 4, 5)], 2 * DAY, utc)).toEqual(['May 3', 'May 5']);
    expect(timeAxisLabels([at(2026, 4, 1), at(2026, 5, 1)], 30 * DAY, utc)).toEqual(['May 2026', 'Jun 2026']);
  });

  it('reads the times in the System timezone', () => {
    expect(timeAxisLabels([at(2026, 4, 3, 22)], HOUR, { locale: 'en', timeZone: 'Asia/Tokyo' })[0]).toMatch(
      /^07:00.*\nMay 4$/,
    );
  });

  it('gives one label per split, the date only on the first tick of each day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: at(2020, 0, 1), max: at(2030, 0, 1) }),
        fc.integer({ min: 60, max: DAY - 1 }),
        fc.integer({ min: 1, max: 48 }),
        (start, increment, n) => {
          const splits = Array.from({ length: n }, (_, i) => start + i * increment);
          const labels = timeAxisLabels(splits, increment, utc);
          expect(labels).toHaveLength(n);
          const days = splits.map((s) => new Date(s * 1000).toISOString().slice(0, 10));
          labels.forEach((label, i) => expect(label.includes('\n')).toBe(i === 0 || days[i] !== days[i - 1]));
        },
      ),
      { numRuns: 30 },
    );
  });
});
