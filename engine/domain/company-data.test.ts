import { describe, expect, it } from 'vitest';
import { companyDataPreview, dataAmountGb, normaliseCreditCount } from './company-data';

describe('company data form', () => {
  it('the credit count is reduced to digits with leading zeros removed', () => {
    expect(normaliseCreditCount('0a0-1 2')).toBe('12');
    expect(normaliseCreditCount('000')).toBe('');
    expect(normaliseCreditCount('1234567890123456')).toBe('12345678901234');
  });

  it('a preview shows the resulting data amount: 1 credit gives 2 GB', () => {
    expect(dataAmountGb('1')).toBe(2);
    expect(dataAmountGb('007')).toBe(14);
    expect(dataAmountGb('')).toBe(0);
    expect(companyDataPreview('25')).toBe('Data amount: 50 GB');
  });
});
