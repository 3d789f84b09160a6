import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMask, MASK_TOKENS, parseMask, toImaskPattern } from './mask';

describe('mask tokens', () => {
  it('# is a digit or space', () => {
    expect(applyMask('###', '1 2x3')).toBe('1 2');
  });
  it('* is alphanumeric', () => {
    expect(applyMask('****', 'a-B_1!2')).toBe('aB12');
  });
  it('S is a letter', () => {
    expect(applyMask('SS', '1aB')).toBe('aB');
  });
  it('F is a hex digit, uppercased', () => {
    expect(applyMask('FF:FF:FF:FF:FF:FF', '001e42abcdef')).toBe('00:1E:42:AB:CD:EF');
    expect(applyMask('FF', 'zg0f')).toBe('0F');
  });
  it('A is a letter, uppercased; a is a letter, lowercased', () => {
    expect(applyMask('AAaa', 'abCD')).toBe('ABcd');
  });
  it('! escapes the next character', () => {
    expect(applyMask('!#-##', '#-12')).toBe('#-12');
    expect(applyMask('!#-##', '12')).toBe('#-12');
    expect(parseMask('!A!!a')).toEqual([{ literal: 'A' }, { literal: '!' }, { token: 'a' }]);
  });
  it('escapes literals imask would read as definitions', () => {
    expect(toImaskPattern('0#[a]')).toBe('\\0#\\[a\\]');
    expect(applyMask('0-##', '12')).toBe('0-12');
  });
});

const tokenChars = Object.keys(MASK_TOKENS);
const literalChars = ['-', ':', '.', '/', '(', ')', ' ', 'x', '0', '!', '#', 'A'];
const maskArb = fc
  .array(
    fc.oneof(
      fc.constantFrom(...tokenChars),
      fc.constantFrom(...literalChars).map((c) => (c in MASK_TOKENS || c === '!' ? `!${c}` : c)),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''));
const inputArb = fc.string({ maxLength: 24 });

describe('mask properties', () => {
  it('each output position admits only its token class, with the token case; literals stay literal', () => {
    fc.assert(
      fc.property(maskArb, inputArb, (mask, input) => {
        const out = applyMask(mask, input);
        const parts = parseMask(mask);
        expect(out.length).toBeLessThanOrEqual(parts.length);
        [...out].forEach((c, i) => {
          const part = parts[i];
          if ('literal' in part) expect(c).toBe(part.literal);
          else {
            expect(c).toMatch(MASK_TOKENS[part.token].pattern);
            if (part.token === 'F' || part.token === 'A') expect(c).toBe(c.toUpperCase());
            if (part.token === 'a') expect(c).toBe(c.toLowerCase());
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it('applying twice equals applying once', () => {
    fc.assert(
      fc.property(maskArb, inputArb, (mask, input) => {
        const once = applyMask(mask, input);
        expect(applyMask(mask, once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});
