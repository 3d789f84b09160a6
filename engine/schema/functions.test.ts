import { describe, expect, it } from 'vitest';
import { computeFunctions, formatters, onChangeFunctions, optionFunctions, transforms } from './functions';

const ctx = { values: { company_id: 5 }, permissions: [] as string[], role: 'admin' };

describe('registered functions', () => {
  it('creditTypesForUser: super admin sees all, others the paid ones without Paid', () => {
    const items = [
      { id: 1, name: 'Free Credit', payment_type: 'free' },
      { id: 2, name: 'Paid Credit', payment_type: 'paid' },
    ];
    expect(transforms.creditTypesForUser(items, {}, ctx).map((t) => t.name)).toEqual(['Credit']);
    expect(transforms.creditTypesForUser(items, {}, { ...ctx, permissions: ['super_admin'] })).toHaveLength(2);
  });

  it('inviteRoles reads the chosen company from the values', () => {
    const items = [
      { id: 2, name: 'admin', company_id: null, permissions_count: 2 },
      { id: 9, name: 'custom', company_id: 5 },
      { id: 8, name: 'elsewhere', company_id: 7 },
    ];
    expect(transforms.inviteRoles(items, {}, ctx).map((r) => r.id)).toEqual([2, 9]);
  });

  it('clearFields clears the role when the company changes', () => {
    expect(onChangeFunctions.clearFields({ company_id: 1, role: 'admin' }, { keys: ['role'] })).toEqual({
      company_id: 1,
    });
  });

  it('creditCount formatter and the company data preview', () => {
    expect(formatters.creditCount('0012')).toBe('12');
    expect(computeFunctions.companyDataPreview.text({ credits: '3' }, { from: 'credits' })).toBe('Data amount: 6 GB');
    expect(computeFunctions.companyDataPreview.reads({ from: 'credits' })).toEqual(['credits']);
    expect(computeFunctions.companyDataPreview.reads({})).toEqual(['credits']);
  });

  it('permittedOptions filters options by permission', () => {
    const params = {
      options: [
        { value: 1, label: 'A' },
        { value: 2, label: 'B', permission: 'super_admin' },
      ],
    };
    expect(optionFunctions.permittedOptions(params, ctx)).toEqual([{ value: 1, label: 'A' }]);
  });
});
