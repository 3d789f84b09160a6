import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accountMenuSections } from './account-menu';

const user = (permissions: string[], company: { id?: number; show_payment?: boolean } = {}) => ({
  permissions,
  company: { id: 7, parent_id: null, name: 'Acme', level: 1, ...company },
});
const defaultTheme = { name: 'default', buyNotice: 'Running low?', buyUrl: 'https://store.example.com' };
const both = ['view_companies', 'view_credits_summary'];

describe('account menu sections (forms spec §2, §6)', () => {
  it('shows the resource summary only if both company data and credit summary are visible', () => {
    expect(accountMenuSections(user(both), defaultTheme)).toMatchObject({ companyData: true, resourceSummary: true });
    expect(accountMenuSections(user(['view_companies']), defaultTheme)).toMatchObject({
      companyData: true,
      resourceSummary: false,
    });
    expect(accountMenuSections(user(['view_credits_summary']), defaultTheme)).toMatchObject({
      companyData: false,
      resourceSummary: false,
    });
  });

  it('hides both without the theme data display, and for company 0 users', () => {
    expect(accountMenuSections(user(both), { ...defaultTheme, showCompanyData: false })).toMatchObject({
      companyData: false,
      resourceSummary: false,
    });
    expect(accountMenuSections(user(both, { id: 0 }), defaultTheme)).toMatchObject({
      companyData: false,
      resourceSummary: false,
    });
  });

  it("offers 'Get more resources' only with the default theme and a user with show_payment", () => {
    expect(accountMenuSections(user(both, { show_payment: true }), defaultTheme).buyLink).toBe(true);
    expect(accountMenuSections(user(both, { show_payment: false }), defaultTheme).buyLink).toBe(false);
    expect(accountMenuSections(user(both, { show_payment: true }), { ...defaultTheme, name: 'partner' }).buyLink).toBe(
      false,
    );
    expect(
      accountMenuSections(user(both, { show_payment: true }), { ...defaultTheme, buyUrl: undefined }).buyLink,
    ).toBe(false);
  });

  it('never shows a section whose condition fails, for any user and theme', () => {
    const permission = fc.constantFrom('view_companies', 'view_credits_summary', 'view_devices', 'super_admin');
    fc.assert(
      fc.property(
        fc.uniqueArray(permission),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.constantFrom('default', 'partner'),
        (permissions, id, showPayment, showCompanyData, name) => {
          const sections = accountMenuSections(user(permissions, { id, show_payment: showPayment }), {
            ...defaultTheme,
            name,
            showCompanyData,
          });
          const display = showCompanyData !== false && id !== 0;
          expect(sections.companyData).toBe(display && permissions.includes('view_companies'));
          expect(sections.resourceSummary).toBe(sections.companyData && permissions.includes('view_credits_summary'));
          expect(sections.buyLink).toBe(sections.resourceSummary && name === 'default' && showPayment);
        },
      ),
    );
  });
});
