import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BYTE_UNITS, DATA_CREDIT_MB_MAX, DATA_CREDIT_MB_MIN, formatBytes, formatDataCredit } from './bytes';

describe('formatBytes', () => {
  it('uses base 1024 from Bytes to TB', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1023)).toBe('1023 Bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1024 ** 3 * 2)).toBe('2 GB');
    expect(formatBytes(1024 ** 4)).toBe('1 TB');
    expect(formatBytes(1024 ** 5)).toBe('1024 TB');
    expect(formatBytes(-2048)).toBe('-2 KB');
  });
  it('always ends with a known unit and a number below 1024 unless TB', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e16, noNaN: true }), (n) => {
        const [value, unit] = formatBytes(n).split(' ');
        expect(BYTE_UNITS).toContain(unit);
        if (unit !== 'TB') expect(Number(value)).toBeLessThanOrEqual(1024);
      }),
    );
  });
});

describe('formatDataCredit', () => {
  it('shows MB between 10240 bytes and 10 GiB', () => {
    expect(formatDataCredit(10240)).toBe('0.01 MB');
    expect(formatDataCredit(10239)).toBe('10 KB');
    expect(formatDataCredit(2 * 1024 ** 3)).toBe('2048 MB');
    expect(formatDataCredit(10 * 1024 ** 3)).toBe('10 GB');
  });
  it('is MB exactly inside the window', () => {
    fc.assert(
      fc.property(fc.integer({ min: DATA_CREDIT_MB_MIN, max: DATA_CREDIT_MB_MAX - 1 }), (n) => {
        expect(formatDataCredit(n).endsWith(' MB')).toBe(true);
      }),
    );
  });
});
