import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { labelStride, seriesByUnit, yScale } from './chart-scale';

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
  it('starts counts at zero', () => {
    expect(yScale([3, 10, 7]).min).toBe(0);
  });
  it('covers every value, with ticks from min to max', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 50 }), (vs) => {
        const { min, max, ticks } = yScale(vs);
        for (const v of vs) {
          expect(v).toBeGreaterThanOrEqual(min);
          expect(v).toBeLessThanOrEqual(max);
        }
        expect(ticks[0]).toBeCloseTo(min);
        expect(ticks.at(-1)).toBeCloseTo(max);
        expect(ticks.length).toBeLessThan(12);
      }),
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
