import { describe, expect, it } from 'vitest';
import { companyNameChangeBlocked } from './company-name';

describe('company name edit', () => {
  it("editing a company name to the current value is blocked with 'Please input different value to save changes.'", () => {
    expect(companyNameChangeBlocked('Acme', 'Acme')).toBe('Please input different value to save changes.');
    expect(companyNameChangeBlocked('Acme', ' Acme ')).toBe('Please input different value to save changes.');
    expect(companyNameChangeBlocked('Acme', 'Acme Networks')).toBeUndefined();
  });
});
