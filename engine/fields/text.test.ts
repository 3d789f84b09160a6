import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kindOf } from './kinds';
import { applyPaste, fieldText, normalizeEmail, stripTags, trimText } from './text';

describe('text inputs', () => {
  it('are trimmed', () => {
    expect(trimText('  a b  ')).toBe('a b');
    expect(trimText(3)).toBe(3);
  });

  it('the sanitiser allows no HTML tags or attributes in field text', () => {
    expect(fieldText(' <b onclick="x()">Bold</b> text ')).toBe('Bold text');
    expect(fieldText('<script>alert(1)</script>ok')).toBe('ok');
    expect(fieldText('<img src=x onerror=alert(1)>')).toBe('');
    expect(fieldText('a <!-- c --> b')).toBe('a  b');
    expect(fieldText('5 > 3 and 2 < 4')).toBe('5 > 3 and 2 < 4');
    expect(fieldText('&lt;b onclick=x&gt;')).toBe('&lt;b onclick=x&gt;');
    expect(fieldText(7)).toBe(7);
    // Text and textarea fields submit (and the server stores) the text; a password is kept as typed.
    expect(kindOf({ key: 'name', label: 'Name' }).coerce({ key: 'name', label: 'Name' }, '<i>Tag</i>')).toBe('Tag');
    const area = { key: 'd', label: 'D', type: 'textarea' } as const;
    expect(kindOf(area).coerce(area, '<p>Note</p>')).toBe('Note');
    const password = { key: 'p', label: 'P', type: 'password' } as const;
    expect(kindOf(password).coerce(password, '<b>pw</b>')).toBe('<b>pw</b>');
  });

  it('never leaves a tag in field text', () => {
    for (const input of [
      '<a href="javascript:x">y</a>',
      '<svg><g/onload=alert(1)>',
      '<<b>script>alert(1)<</b>/script>',
      '<x',
      '</',
      'a <//b',
      '<?<',
    ])
      expect(stripTags(input)).not.toMatch(/<[a-z/!?]/i);
    fc.assert(fc.property(fc.string(), (input) => !/<[A-Za-z/!?]/.test(stripTags(input))));
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
