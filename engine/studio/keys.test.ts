import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyFromLabel, uniqueKey } from './keys';

const KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

describe('keys from labels', () => {
  it('joins the words of a label in lower case', () => {
    expect(keyFromLabel('Location note')).toBe('location_note');
    expect(keyFromLabel('  Colour (hex) ')).toBe('colour_hex');
    expect(keyFromLabel('Café № 5')).toBe('cafe_no_5');
    expect(keyFromLabel('2nd line')).toBe('_2nd_line');
    expect(keyFromLabel('Имя')).toBe('field');
    expect(keyFromLabel('')).toBe('field');
  });

  it('is always a valid payload key', () => {
    fc.assert(
      fc.property(fc.string(), (label) => {
        expect(keyFromLabel(label)).toMatch(KEY);
      }),
    );
  });

  it('numbers a key another field has, with the first free number', () => {
    expect(uniqueKey('note', [])).toBe('note');
    expect(uniqueKey('note', ['note'])).toBe('note_2');
    expect(uniqueKey('note', ['note', 'note_2', 'note_4'])).toBe('note_3');
  });

  it('never gives a taken key', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'a_2', 'a_3', 'b')), (taken) => {
        expect(taken).not.toContain(uniqueKey('a', taken));
      }),
    );
  });
});
