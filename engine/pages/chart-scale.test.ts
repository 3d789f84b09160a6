import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteTickLabels, labelStride, niceStep, seriesByUnit, yScale } from './chart-scale';

describe('seriesByUnit', () => {
  it('puts series of different units on separate charts', () => {
    const groups = seriesByUnit([
      { key: 'signal', title: 'Signal', formatter: 'dbm' },
      { key: 'temperature', title: 'Temperature', formatter: 'celsius' },
      { key: 'rsrp', title: 'RSRP', formatter: 'dbm' },
    ]);
    expect(groups.map((g) => g.map((s) => s.key))).toEqual([['signal', 'rsrp'], ['temperature']]);
  });
});

describe('yScale', () => {
  it('takes in negative values (dBm)', () => {
    const scale = yScale([-61, -58, -72]);
    expect(scale.min).toBeLessThanOrEqual(-72);
    expect(scale.max).toBeGreaterThanOrEqual(-58);
    expect(scale.max).toBeLessThanOrEqual(0);
  });
  it('gives room to a range narrower than the last place of its values, and ends (it looped forever)', () => {
    const scale = yScale([1e9, 1e9 + 1e-7]);
    expect(scale.min).toBeLessThanOrEqual(1e9);
    expect(scale.max).toBeGreaterThanOrEqual(1e9 + 1e-7);
    expect(scale.ticks.length).toBeLessThan(12);
    expect(new Set(scale.ticks).size).toBe(scale.ticks.length);
  });
  it('has distinct ticks for a range narrower than their 12 digits (four ticks read 1000000)', () => {
    for (const vs of [
      [1e6, 1e6 - 1e-9],
      [999999.9999999, 1e6],
      [-1e6, -1e6 + 3e-9],
      [123456.789, 123456.789 + 2e-10],
      [1e15, 1e15 + 0.5],
    ]) {
      const scale = yScale(vs);
      expect(new Set(scale.ticks).size, JSON.stringify(vs)).toBe(scale.ticks.length);
      expect(scale.ticks.length).toBeGreaterThan(1);
      for (const v of vs) expect(v).toBeGreaterThanOrEqual(scale.min);
      for (const v of vs) expect(v).toBeLessThanOrEqual(scale.max);
    }
  });
  it('starts bars at zero even when every value is far above it (the month chart started at 30)', () => {
    expect(yScale([31, 35, 40], { fromZero: true }).min).toBe(0);
    expect(yScale([-31, -40], { fromZero: true }).max).toBe(0);
    expect(yScale([31, 35, 40]).min).toBeGreaterThan(0);
  });
  it('gives every bar a height from zero', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 40 }), (vs) => {
        const { min, max, ticks } = yScale(vs, { fromZero: true });
        expect(min).toBe(0);
        expect(ticks).toContain(0);
        expect(max).toBeGreaterThan(0);
      }),
    );
  });
  it('steps data in 1024-based units', () => {
    const MB = 1024 ** 2;
    expect(yScale([3 * MB, 37 * MB], { fromZero: true, unit: 'bytes' }).step).toBe(10 * MB);
    expect(niceStep(900 * 1024, 1, 'bytes')).toBe(MB);
    expect(niceStep(3, 4, 'number', true)).toBe(1);
  });
  it('takes round steps: 1, 2 or 5 × 10^n, and for bytes the same × 1024^n', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-3, max: 1e12, noNaN: true }),
        fc.integer({ min: 2, max: 8 }),
        fc.constantFrom('number', 'bytes'),
        (span, count, unit) => {
          const step = niceStep(span, count, unit);
          expect(step).toBeGreaterThanOrEqual(span / count);
          const base = unit === 'bytes' && step >= 1 ? 1024 ** Math.floor(Math.log(step) / Math.log(1024) + 1e-9) : 1;
          const mantissa = step / base / 10 ** Math.floor(Math.log10(step / base) + 1e-9);
          expect([1, 2, 5, 10].some((m) => Math.abs(mantissa - m) < 1e-6)).toBe(true);
        },
      ),
    );
  });
  it('has whole-number steps for counts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 20 }), (vs) => {
        const { ticks } = yScale(vs, { fromZero: true });
        expect(ticks.every(Number.isInteger)).toBe(true);
      }),
    );
  });
  it('covers every value, with ticks from min to max', () => {
    fc.assert(
      // Values anywhere, and values a hair apart (a narrow range around a large value: the case that failed).
      fc.property(
        fc.oneof(
          fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 50 }),
          fc
            .tuple(
              fc.double({ min: -1e6, max: 1e6, noNaN: true }),
              fc.array(fc.double({ min: 0, max: 1e-6, noNaN: true })),
            )
            .map(([base, offsets]) => [base, ...offsets.map((offset) => base + offset)]),
        ),
        (vs) => {
          const { min, max, ticks } = yScale(vs);
          for (const v of vs) {
            expect(v).toBeGreaterThanOrEqual(min);
            expect(v).toBeLessThanOrEqual(max);
          }
          expect(ticks[0]).toBeCloseTo(min);
          expect(ticks.every((t, i) => i === 0 || t > ticks[i - 1])).toBe(true);
          expect(ticks.at(-1)).toBeCloseTo(max);
          expect(ticks.length).toBeLessThan(12);
        },
      ),
    );
  });
});

describe('labelStride', () => {
  it('thins labels so that the drawn ones fit the plot width', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 30 }), (count, chars) => {
        const stride = labelStride(count, 624, chars);
        const drawn = Math.ceil(count / stride);
        expect(drawn * (chars * 11 * 0.62 + 11)).toBeLessThanOrEqual(Math.max(624, chars * 11 * 0.62 + 11));
      }),
    );
  });
  it('draws every label when they fit', () => {
    expect(labelStride(5, 624, 5)).toBe(1);
  });
});

describe('byteTickLabels', () => {
  it('labels every tick in the unit of the step', () => {
    const scale = yScale([0, 950 * 1024], { fromZero: true, unit: 'bytes' });
    expect(byteTickLabels(scale, 'bytes')).toEqual(['0 KB', '500 KB', '1000 KB']);
    expect(byteTickLabels(scale, 'number')).toBeUndefined();
  });
});
