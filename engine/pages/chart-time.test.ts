import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTimeAxis, sortByTime, timeOf, timeSlots } from './chart-time';

const isoTime = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) })
  .map((ms) => new Date(ms).toISOString());

describe('timeOf / isTimeAxis', () => {
  it('reads months, days and date-times, and nothing else', () => {
    expect(timeOf('2026-05')).toBe(Date.UTC(2026, 4, 1));
    expect(timeOf('2026-05-03')).toBe(Date.UTC(2026, 4, 3));
    expect(timeOf('2026-05-03T10:00:00.000Z')).toBe(Date.UTC(2026, 4, 3, 10));
    expect(timeOf('RUT')).toBeUndefined();
    expect(timeOf(3)).toBeUndefined();
    expect(isTimeAxis(['2026-05', '2026-06'])).toBe(true);
    expect(isTimeAxis(['RUT', 'TRB'])).toBe(false);
    expect(isTimeAxis([])).toBe(false);
  });
});

describe('sortByTime', () => {
  it('orders rows by ascending time, whatever order they came in', () => {
    fc.assert(
      fc.property(fc.array(isoTime, { maxLength: 60 }), (times) => {
        const sorted = sortByTime(
          times.map((created_at) => ({ created_at })),
          (r) => r.created_at,
        ).map((r) => timeOf(r.created_at)!);
        expect(sorted.every((t, i) => i === 0 || t >= sorted[i - 1])).toBe(true);
        expect(sorted).toHaveLength(times.length);
      }),
    );
  });
  it('keeps rows without a time after the timed ones', () => {
    expect(sortByTime(['x', '2026-02', '2026-01'], (v) => v)).toEqual(['2026-01', '2026-02', 'x']);
  });
});

describe('timeSlots', () => {
  it('leaves a gap for a missing month', () => {
    expect(timeSlots(['2026-01', '2026-02', '2026-04'])).toEqual({ slots: [0, 1, 3], count: 4 });
    expect(timeSlots(['2025-12', '2026-01'])).toEqual({ slots: [0, 1], count: 2 });
  });
  it('counts days for dates', () => {
    expect(timeSlots(['2026-03-30', '2026-04-02'])).toEqual({ slots: [0, 3], count: 4 });
  });
  it('places later times in later slots, within the slot count', () => {
    fc.assert(
      fc.property(fc.uniqueArray(isoTime, { minLength: 1, maxLength: 30 }), (times) => {
        const sorted = [...times].sort();
        const { slots, count } = timeSlots(sorted);
        expect(slots.every((s, i) => i === 0 || s > slots[i - 1])).toBe(true);
        expect(Math.max(...slots)).toBeLessThan(count);
      }),
    );
  });
});
