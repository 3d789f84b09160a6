// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSessionUser, type SessionUser } from '../../engine/session/user';
import { closeAllModals, modals } from '../../engine/stores/modals';
import { answerEvery } from '../test-support/network';
import { theme } from '../theme/theme';
import { AccountMenu } from './AccountMenu';

// Forms spec §2 and §6: the account menu's company link, role title and Activate code entry.

const admin = {
  id: 2,
  email: 'admin@example.com',
  company: { id: 1, parent_id: null, name: 'Acme Networks', level: 1 },
  role: { id: 2, name: 'admin', title: 'Administrator' },
  permissions: ['view_companies', 'view_permissions', 'activate_credit_transfer_codes'],
} as unknown as SessionUser;

beforeEach(() => {
  answerEvery({ success: true, data: { id: 1, remaining_data: 0 } });
});

afterEach(() => {
  act(() => closeAllModals());
  cleanup();
  vi.unstubAllGlobals();
  theme.showCompanyData = true;
});

function openMenu(user: SessionUser) {
  setSessionUser(user);
  render(
    <MemoryRouter>
      <AccountMenu />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: /Account menu/ }));
}

describe('AccountMenu', () => {
  it('offers Activate code only with activate_credit_transfer_codes', () => {
    openMenu(admin);
    expect(screen.getByRole('button', { name: 'Activate code' })).toBeTruthy();
    cleanup();
    openMenu({ ...admin, permissions: ['view_companies'] } as SessionUser);
    expect(screen.queryByRole('button', { name: 'Activate code' })).toBeNull();
  });

  it('links the company to company info with view_companies and the theme data display only', () => {
    openMenu(admin);
    expect(screen.getByRole('link', { name: 'Acme Networks' }).getAttribute('href')).toMatch(/\/companies\/1$/);
    cleanup();
    openMenu({ ...admin, permissions: [] } as unknown as SessionUser);
    expect(screen.queryByRole('link', { name: 'Acme Networks' })).toBeNull();
    expect(screen.getByText('Acme Networks')).toBeTruthy();
    cleanup();
    theme.showCompanyData = false;
    openMenu(admin);
    expect(screen.queryByRole('link', { name: 'Acme Networks' })).toBeNull();
    expect(screen.getByText('Acme Networks')).toBeTruthy();
  });

  it('company 0 users get no company-data or credit-summary calls; others get both (forms spec §6)', async () => {
    // GET /credits/summary is cached and throttled across tests, so the summary is judged by what is shown.
    const permissions = ['view_companies', 'view_credits_summary'];
    const urls = () => vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    openMenu({ ...admin, company: { ...admin.company, id: 0 }, permissions } as SessionUser);
    await act(async () => undefined);
    expect(urls().filter((url) => /\/companies\/|\/credits\/summary/.test(url))).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Resource summary' })).toBeNull();
    cleanup();
    openMenu({ ...admin, company: { ...admin.company, id: 7 }, permissions } as SessionUser);
    expect(await screen.findByRole('heading', { name: 'Resource summary' })).toBeTruthy();
    expect(urls()).toContain('/api/companies/7');
  });

  it('shows the resource summary only when company data is visible too (forms spec §2)', async () => {
    openMenu({ ...admin, permissions: ['view_credits_summary'] } as SessionUser);
    await act(async () => undefined);
    expect(screen.queryByRole('heading', { name: 'Resource summary' })).toBeNull();
    cleanup();
    openMenu({ ...admin, permissions: ['view_companies', 'view_credits_summary'] } as SessionUser);
    expect(await screen.findByRole('heading', { name: 'Resource summary' })).toBeTruthy();
  });

  it("the role title is the link 'View assigned permissions', opening 'User permissions' in the modal stack", () => {
    openMenu(admin);
    const role = screen.getByRole('button', { name: /View assigned permissions/ });
    expect(role.textContent).toContain('Administrator');
    fireEvent.click(role);
    expect(modals.stack).toHaveLength(1);
    expect(modals.stack[0]).toMatchObject({ title: 'User permissions', component: 'UserPermissions', mainModal: true });
    cleanup();
    openMenu({ ...admin, permissions: ['view_companies'] } as SessionUser);
    expect(screen.queryByRole('button', { name: /View assigned permissions/ })).toBeNull();
    expect(screen.getByText('Administrator')).toBeTruthy();
  });
});
