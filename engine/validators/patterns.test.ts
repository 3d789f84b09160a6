import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalNumber, isBase64Url, isDigits, isDomainName, isHexColor, isIPv4 } from './patterns';

describe('IPv4 dotted quad 0-255', () => {
  it('accepts quads of 0-255 and rejects the rest', () => {
    for (const ok of ['0.0.0.0', '192.168.1.1', '255.255.255.255', '10.0.0.254']) expect(isIPv4(ok)).toBe(true);
    for (const bad of ['256.1.1.1', '1.1.1', '1.1.1.1.1', '01.1.1.1', '1.1.1.-1', ' 1.1.1.1', 'a.b.c.d', '1..1.1', ''])
      expect(isIPv4(bad)).toBe(false);
  });

  it('property: accepts exactly the dotted quads of 0-255', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), (q) => {
        expect(isIPv4(q.join('.'))).toBe(true);
      }),
    );
    const anyPart = fc.oneof(fc.integer({ min: -300, max: 1000 }).map(String), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(anyPart, { minLength: 1, maxLength: 6 }), (parts) => {
        const text = parts.join('.');
        const expected = parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
        expect(isIPv4(text)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('domain name', () => {
  it('labels up to 63 characters, no leading or trailing hyphen, TLD 2-6 letters', () => {
    expect(isDomainName('example.com')).toBe(true);
    expect(isDomainName('rms.teltonika-networks.com')).toBe(true);
    expect(isDomainName(`${'a'.repeat(63)}.lt`)).toBe(true);
    expect(isDomainName(`${'a'.repeat(64)}.lt`)).toBe(false);
    expect(isDomainName('-bad.com')).toBe(false);
    expect(isDomainName('bad-.com')).toBe(false);
    expect(isDomainName('example.c')).toBe(false);
    expect(isDomainName('example.abcdefg')).toBe(false);
    expect(isDomainName('example.c0m')).toBe(false);
    expect(isDomainName('localhost')).toBe(false);
  });
});

describe('base64url', () => {
  it('rejects strings of bad length', () => {
    expect(isBase64Url('YQ')).toBe(true);
    expect(isBase64Url('YWI')).toBe(true);
    expect(isBase64Url('YWJj')).toBe(true);
    expect(isBase64Url('YQ==')).toBe(true);
    expect(isBase64Url('YWJjZ')).toBe(false);
    expect(isBase64Url('YQ=')).toBe(false);
    expect(isBase64Url('a+b/')).toBe(false);
    expect(isBase64Url('')).toBe(false);
  });

  it('property: every base64url encoding is accepted', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 40 }), (bytes) => {
        expect(isBase64Url(Buffer.from(bytes).toString('base64url'))).toBe(true);
      }),
    );
  });
});

describe('other patterns', () => {
  it('digits and hex colours', () => {
    expect(isDigits('0123')).toBe(true);
    expect(isDigits('12a')).toBe(false);
    expect(isHexColor('#4287f5')).toBe(true);
    expect(isHexColor('#fff')).toBe(true);
    expect(isHexColor('4287f5')).toBe(false);
  });
});

describe('number text', () => {
  it('reads the decimal spellings a number input writes', () => {
    expect(['5', '-5', '0.5', '.5', '1e3', '2.5E-2'].map(decimalNumber)).toEqual([5, -5, 0.5, 0.5, 1000, 0.025]);
  });

  it('refuses the spellings Number() reads besides', () => {
    for (const text of ['0x10', '0b11', '0o7', 'Infinity', '-Infinity', '5.', '+5', '1e999', '1_000', ''])
      expect(decimalNumber(text), text).toBeUndefined();
  });

  it('reads back every finite number JavaScript prints', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(decimalNumber(String(n))).toBe(n === 0 ? 0 : n);
      }),
    );
  });
});
