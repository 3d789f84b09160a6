import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../session/user';
import { indexRoutes, routeAllowed, routePath, type RouteNode } from './route-index';

interface Route extends RouteNode<Route> {
  name: string;
}

const user = (permissions: string[]) =>
  ({ id: 1, permissions, company: { level: 1 }, role: { name: 'admin' } }) as unknown as SessionUser;

const routes: Route[] = [
  { name: 'companies', path: '/companies', title: 'Companies', permission: 'view_companies' },
  {
    name: 'company',
    path: '/companies/:id',
    title: 'Company',
    permission: 'view_companies',
    parent: 'companies',
    tabs: [
      { name: 'company.info', path: '/companies/:id', title: 'Info' },
      {
        name: 'company.users',
        path: '/companies/:id/users',
        title: 'Users',
        permission: 'view_users',
        tabs: [{ name: 'company.invitations', path: '/companies/:id/users/invitations', title: 'Invitations' }],
      },
    ],
  },
  {
    name: 'resources',
    path: '/resources',
    title: 'Resources',
    tabs: [{ name: 'resources.credits', path: '/resources/credits', title: 'Resources' }],
  },
  { name: 'form', path: '/forms/:name/:id?', title: 'Form' },
];
const index = indexRoutes(routes);
const trail = (name: string) => index.get(name)!.trail.map((route) => route.name);

describe('indexRoutes', () => {
  it('indexes every route and tab by name, with the routes it is nested in', () => {
    expect([...index.keys()].sort()).toEqual(
      [
        'companies',
        'company',
        'company.info',
        'company.users',
        'company.invitations',
        'resources',
        'resources.credits',
        'form',
      ].sort(),
    );
    expect(index.get('company.invitations')!.nestedIn.map((route) => route.name)).toEqual(['company', 'company.users']);
  });

  it('builds breadcrumb trails through parents and nesting, without a container that repeats the tab', () => {
    expect(trail('companies')).toEqual([]);
    // `company` shares the path of its Info tab: one crumb.
    expect(trail('company.info')).toEqual(['companies']);
    expect(trail('company.users')).toEqual(['companies', 'company']);
    expect(trail('company.invitations')).toEqual(['companies', 'company', 'company.users']);
    // The Resources tab of the Resources page is one crumb.
    expect(trail('resources.credits')).toEqual([]);
  });
});

describe('routePath', () => {
  it('fills a route path by name and refuses unknown names', () => {
    expect(routePath(index, 'form', { name: 'new-tag' })).toBe('/forms/new-tag');
    expect(routePath(index, 'company.users', { id: 3 })).toBe('/companies/3/users');
    expect(() => routePath(index, 'nope')).toThrow('Unknown route nope');
  });
});

describe('routeAllowed', () => {
  it('guards tabs by their own and their containers permissions, and unknown routes are closed', () => {
    const access = { user: user(['view_companies']), disabledRoutes: [] };
    expect(routeAllowed(index, 'company.info', access)).toBe(true);
    expect(routeAllowed(index, 'company.invitations', access)).toBe(false);
    expect(routeAllowed(index, 'nope', access)).toBe(false);
    expect(
      routeAllowed(index, 'company.invitations', { ...access, user: user(['view_companies', 'view_users']) }),
    ).toBe(true);
  });

  it('opens a route only when its whole chain is open; a disabled container closes its tabs', () => {
    const permissions = fc.subarray(['view_companies', 'view_users']);
    const disabled = fc.subarray([...index.keys()]);
    fc.assert(
      fc.property(permissions, disabled, fc.constantFrom(...index.keys()), (held, off, name) => {
        const access = { user: user(held), disabledRoutes: off };
        const entry = index.get(name)!;
        const chainOpen = [...entry.nestedIn, entry.route].every(
          (route) => !off.includes(route.name) && (!route.permission || held.includes(route.permission as string)),
        );
        expect(routeAllowed(index, name, access)).toBe(chainOpen);
        if (routeAllowed(index, name, access)) {
          for (const container of entry.nestedIn) expect(routeAllowed(index, container.name, access)).toBe(true);
        }
      }),
    );
  });
});
