// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { routeIndex } from '../routes/resolve';
import { theme } from '../theme/theme';
import { Breadcrumbs } from './Breadcrumbs';
import { CurrentRouteContext } from './useCurrentRoute';

// Forms spec §2: "Breadcrumbs show the route trail plus the current route title"; help links exist
// for the listed route names (users.roles among them, changelog not).

function mount(name: string) {
  const route = routeIndex.get(name)!.route;
  render(
    <MemoryRouter initialEntries={[route.path]}>
      <CurrentRouteContext.Provider value={route}>
        <Breadcrumbs />
      </CurrentRouteContext.Provider>
    </MemoryRouter>,
  );
}

describe('Breadcrumbs', () => {
  afterEach(cleanup);

  it("show the 'Help' link to the help page of a help route, in a new tab", () => {
    mount('users.roles');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('Roles & Permissions');
    const help = screen.getByRole('link', { name: 'Help' });
    expect(help.getAttribute('href')).toBe(`${theme.helpBaseUrl}/users.roles`);
    expect(help.getAttribute('target')).toBe('_blank');
  });

  it('show no Help link for a route without a help page', () => {
    mount('changelog');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent).toContain('Changelog');
    expect(screen.queryByRole('link', { name: 'Help' })).toBeNull();
  });
});
