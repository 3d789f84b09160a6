// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../engine/http/client';
import { setSessionUser, type SessionUser } from '../../engine/session/user';
import { closeAllModals, modals } from '../../engine/stores/modals';
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
  // The stubbed platform fetch is the network (jsdom's XMLHttpRequest would go out).
  http.configure({ adapter: 'fetch' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: { id: 1, remaining_data: 0 } }))),
  );
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
