import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runsOf } from './FormFields';

describe('field runs', () => {
  it('property: runs keep document order, every key in the run of its position, at most 32 each', () => {
    const keys = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 300 });
    fc.assert(
      fc.property(keys, (list) => {
        const runs = runsOf(list);
        expect(runs.flat()).toEqual(list);
        list.forEach((key, i) => expect(runs[Math.floor(i / 32)]).toContain(key));
        expect(runs.every((run) => run.length > 0 && run.length <= 32)).toBe(true);
      }),
    );
  });

  it('a keystroke in a 1000-field form copies one run list and one slot list: 32 + 32 elements, not 1000', () => {
    const runs = runsOf(Array.from({ length: 1000 }, (_, i) => `f${i}`));
    expect(runs).toHaveLength(32);
    expect(Math.max(...runs.map((run) => run.length))).toBe(32);
  });
});
