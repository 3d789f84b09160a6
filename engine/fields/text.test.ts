import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPaste, normalizeEmail, trimText } from './text';

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

  it('e-mail addresses are trimmed and lower-cased', () => {
    expect(normalizeEmail('  Ola.Nordmann@Example.COM \t\n')).toBe('ola.nordmann@example.com');
    expect(normalizeEmail('a@b.no')).toBe('a@b.no');
    expect(normalizeEmail('   ')).toBe('');
  });

  it('normalising an e-mail address twice changes nothing', () => {
    fc.assert(
      fc.property(fc.string(), (address) => normalizeEmail(normalizeEmail(address)) === normalizeEmail(address)),
    );
  });

  it('addresses differing only in case and outer spaces normalise alike', () => {
    const space = fc.constantFrom(' ', '\t', '\n', '\u00a0');
    fc.assert(
      fc.property(
        fc.emailAddress(),
        fc.array(space),
        fc.array(space),
        fc.array(fc.boolean()),
        (address, before, after, upper) => {
          const cased = [...address]
            .map((c, i) => (upper[i % Math.max(upper.length, 1)] ? c.toUpperCase() : c))
            .join('');
          return normalizeEmail(before.join('') + cased + after.join('')) === normalizeEmail(address);
        },
      ),
    );
  });
});
