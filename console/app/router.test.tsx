// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../engine/http/client';
import { matchRoutes } from 'react-router-dom';
import { appRoutes, AppRouter } from './router';
import { standalonePage } from '../../engine/routes/standalone';
import { setSessionUser, type SessionUser } from '../../engine/session/user';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** Goes to a path as the browser's back and forward buttons do. */
function go(path: string) {
  act(() => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

describe('app router', () => {
  it('cancels pending requests with the reason Route changed when the path changes', async () => {
    const cancel = vi.spyOn(http, 'cancelPending').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/logout');
    vi.spyOn(http.recovery, 'revoke').mockResolvedValue();
    render(<AppRouter />);
    go('/404');
    await screen.findByText('Page not found');
    expect(cancel).toHaveBeenCalledWith('Route changed');
    cancel.mockClear();
    go('/404?x=1');
    expect(cancel).not.toHaveBeenCalled();
    go('/logout');
    await screen.findByText('Signing out…');
    expect(cancel).toHaveBeenCalledTimes(1);
  });

  it('opens the standalone page chosen at start-up for any path containing its segment (shell spec §2)', () => {
    const routeName = (path: string) => {
      const matches = matchRoutes(appRoutes(standalonePage(path)), path) ?? [];
      return (matches.at(-1)?.route.handle as { route?: { name: string } } | undefined)?.route?.name;
    };
    expect(routeName('/x/rms-connect/desktop')).toBe('rms-connect.desktop');
    expect(routeName('/rms-connect/desktop/extra')).toBe('rms-connect.desktop');
    expect(routeName('/rms-connect/ssh/5')).toBe('rms-connect.ssh');
    expect(routeName('/a/rms-connect/telnet/b')).toBe('rms-connect.telnet');
    expect(routeName('/rms-connect/sftp/files')).toBe('rms-connect.sftp');
    expect(routeName('/rms-connect/sftp')).toBe('rms-connect.sftp');
    expect(routeName('/management/devices')).toBe('management.devices');
  });
});

describe('tabbed routes', () => {
  afterEach(() => setSessionUser(null));

  it('opens the invitations sub-tab of a company Users tab to a user who may see invitations but not users (shell spec §2)', async () => {
    setSessionUser({
      id: 1,
      username: 'u',
      email: 'u@example.com',
      tos_accepted: true,
      permissions: ['view_companies', 'view_user_invitations'],
      company: { id: 1, level: 1, name: 'Acme' },
      role: { id: 2, name: 'admin', title: 'Administrator' },
    } as unknown as SessionUser);
    window.history.replaceState(null, '', '/companies/2/users');
    render(<AppRouter />);
    await vi.waitFor(() => expect(window.location.pathname).toBe('/companies/2/users/invitations'));
    go('/users');
    await vi.waitFor(() => expect(window.location.pathname).toBe('/users/invitations'));
  });
});
