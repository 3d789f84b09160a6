import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListInputOptions } from '../schema/types';
import { addListItem, backspace, isAddKey, listInputRequired, normaliseList, type ListItem } from './list-input';

describe('ListInput', () => {
  it('adds on Enter and comma by default, or the configured addKeys', () => {
    expect(isAddKey('Enter')).toBe(true);
    expect(isAddKey(',')).toBe(true);
    expect(isAddKey('Tab')).toBe(false);
    expect(isAddKey(';', { addKeys: [';'] })).toBe(true);
    expect(isAddKey('Enter', { addKeys: [';'] })).toBe(false);
  });

  it('ignores blank values', () => {
    expect(addListItem(['a'], '   ')).toEqual({ items: ['a'], input: '' });
  });

  it('stops at maxItems', () => {
    expect(addListItem(['a', 'b'], 'c', { maxItems: 2 }).items).toEqual(['a', 'b']);
  });

  it('rejects duplicates with uniqueItems; noDupes clears them silently', () => {
    expect(addListItem(['a'], 'a', { uniqueItems: true })).toEqual({
      items: ['a'],
      input: 'a',
      error: 'This value is already in the list',
    });
    expect(addListItem(['a'], 'a', { noDupes: true })).toEqual({ items: ['a'], input: '' });
    expect(addListItem(['a'], 'a').items).toEqual(['a', 'a']);
  });

  it('checks the validity of the typed value before adding', () => {
    expect(addListItem([], 'abc', { pattern: '[0-9]+' }).error).toBe('Please match the requested format.');
    expect(addListItem([], 'ab', { minItemLength: 3 }).error).toBeDefined();
    expect(addListItem([], 'abcd', { maxItemLength: 3 }).error).toBeDefined();
    expect(addListItem([], '5', { type: 'number', max: 4 }).error).toBe('Value must be less than or equal to 4.');
  });

  it('number type converts to number', () => {
    expect(addListItem([], ' 42 ', { type: 'number' }).items).toEqual([42]);
    expect(addListItem([], 'x', { type: 'number' }).error).toBe('Please enter a number.');
  });

  it('Backspace on an empty input removes the last item', () => {
    expect(backspace(['a', 'b'], '')).toEqual(['a']);
    expect(backspace(['a', 'b'], 'x')).toEqual(['a', 'b']);
  });

  it('required applies only while the list is empty', () => {
    expect(listInputRequired([], true)).toBe(true);
    expect(listInputRequired(['a'], true)).toBe(false);
    expect(listInputRequired([], false)).toBe(false);
  });

  const optionsArb: fc.Arbitrary<ListInputOptions> = fc.record(
    {
      maxItems: fc.integer({ min: 1, max: 6 }),
      uniqueItems: fc.boolean(),
      noDupes: fc.boolean(),
      type: fc.constantFrom('text' as const, 'number' as const),
    },
    { requiredKeys: [] },
  );
  const typed = fc.array(fc.oneof(fc.constantFrom('1', '2', 'a', ' ', '', '2 '), fc.string({ maxLength: 3 })), {
    maxLength: 20,
  });

  it('property: never over maxItems, never duplicates with uniqueItems or noDupes', () => {
    fc.assert(
      fc.property(optionsArb, typed, (options, inputs) => {
        let items: ListItem[] = [];
        for (const raw of inputs) items = addListItem(items, raw, options).items;
        if (options.maxItems !== undefined) expect(items.length).toBeLessThanOrEqual(options.maxItems);
        if (options.uniqueItems || options.noDupes) expect(new Set(items).size).toBe(items.length);
        expect(items.every((i) => String(i).trim() !== '')).toBe(true);
        if (options.type === 'number') expect(items.every((i) => typeof i === 'number')).toBe(true);
        const whole = normaliseList(inputs, options);
        if (options.maxItems !== undefined) expect(whole.length).toBeLessThanOrEqual(options.maxItems);
      }),
      { numRuns: 300 },
    );
  });

  it('property: normaliseList equals adding the values one by one (duplicates dropped)', () => {
    const withPattern = fc.record(
      {
        maxItems: fc.integer({ min: 1, max: 6 }),
        uniqueItems: fc.boolean(),
        noDupes: fc.boolean(),
        type: fc.constantFrom('text' as const, 'number' as const),
        pattern: fc.constantFrom('[0-9]+', '[a-z ]*'),
        min: fc.integer({ min: -1, max: 2 }),
        maxItemLength: fc.integer({ min: 1, max: 3 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(withPattern, typed, (options, inputs) => {
        let expected: ListItem[] = [];
        const dropping = { ...options, noDupes: options.noDupes || options.uniqueItems };
        for (const raw of inputs) expected = addListItem(expected, String(raw).trim(), dropping).items;
        expect(normaliseList(inputs, options)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  // A CSV import of 100,000 lines: the former fold copied the list per line (quadratic, over 60 s);
  // one pass takes well under a second. The timeout is generous on purpose, the speed target is bench:forms.
  it('normalises 100,000 lines in one pass', { timeout: 20_000 }, () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => (i % 10 === 9 ? '' : `  RUT${i % 50_000}  `));
    const items = normaliseList(lines, { uniqueItems: true, pattern: 'RUT[0-9]+', maxItemLength: 12 });
    expect(items).toHaveLength(45_000);
    expect(items[0]).toBe('RUT0');
    expect(new Set(items).size).toBe(items.length);
    expect(normaliseList(lines, { maxItems: 5000 })).toHaveLength(5000);
  });
});
