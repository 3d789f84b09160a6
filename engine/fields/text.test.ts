import { describe, expect, it } from 'vitest';
import { applyPaste, trimText } from './text';

describe('text inputs', () => {
  it('are trimmed', () => {
    expect(trimText('  a b  ')).toBe('a b');
    expect(trimText(3)).toBe(3);
  });

  it('pasted text is trimmed and cut to maxlength', () => {
    expect(applyPaste('', '   12345678   ', 0, 0, 5)).toBe('12345');
    expect(applyPaste('ab', ' cd ', 1, 1)).toBe('acdb');
    expect(applyPaste('abcdef', ' X ', 1, 5, 4)).toBe('aXf');
  });
});
