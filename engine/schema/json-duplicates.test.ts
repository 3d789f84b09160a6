import { describe, expect, it } from 'vitest';
import { findDuplicateKeys } from './json-duplicates';

describe('findDuplicateKeys', () => {
  it('reports the pointer of every repeated key, at any depth', () => {
    const text = '{"a": 1, "b": {"c": [1, {"d": "x\\"}", "d": 2}], "c": 3}, "a": [], "e~/": 1, "e~/": 2}';
    expect(findDuplicateKeys(text)).toEqual([
      { pointer: '/b/c/1/d', key: 'd' },
      { pointer: '/b/c', key: 'c' },
      { pointer: '/a', key: 'a' },
      { pointer: '/e~0~1', key: 'e~/' },
    ]);
  });

  it('finds nothing in documents without repeats', () => {
    expect(findDuplicateKeys('{"a": {"a": {"a": []}}, "b": [{"a": 1}, {"a": 2}], "c": {}}')).toEqual([]);
  });
});
