import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedPart } from './changed-part';

const apply = (text: string, { from, to, insert }: ReturnType<typeof changedPart>) =>
  text.slice(0, from) + insert + text.slice(to);

describe('the changed part of a text', () => {
  it('is only what differs', () => {
    expect(changedPart('"label": "Tex"', '"label": "Text"')).toEqual({ from: 13, to: 13, insert: 't' });
    expect(changedPart('abc', 'abc')).toEqual({ from: 3, to: 3, insert: '' });
    expect(changedPart('aXa', 'aa')).toEqual({ from: 1, to: 2, insert: '' });
  });

  it('turns any text into any other', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(apply(before, changedPart(before, after))).toBe(after);
      }),
    );
  });
});
