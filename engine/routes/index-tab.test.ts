import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../session/user';
import { indexTab } from './index-tab';
import { indexRoutes, type RouteNode } from './route-index';

interface Route extends RouteNode<Route> {
  name: string;
}

const access = (permissions: string[], disabledRoutes: string[] = []) => ({
  user: { id: 1, permissions, company: { level: 1 }, role: { name: 'admin' } } as unknown as SessionUser,
  disabledRoutes,
});

const routes: Route[] = [
  {
    name: 'users',
    path: '/users',
    title: 'Users',
    permission: ['view_users', 'view_user_invitations'],
    mode: 'some',
    tabs: [
      // The index tab: the page's own path.
      { name: 'users.table', path: '/users', title: 'Users', permission: 'view_users' },
      {
        name: 'users.invitations',
        path: '/users/invitations',
        title: 'Invitations',
        permission: 'view_user_invitations',
      },
    ],
  },
  {
    name: 'device',
    path: '/devices/:id',
    title: 'Device',
    defaultTab: 'activity',
    tabs: [
      { name: 'device.dashboard', path: '/devices/:id/dashboards/:dashboard_id', title: 'Dashboard', hiddenTab: true },
      { name: 'device.location', path: '/devices/:id/location', title: 'Location' },
      { name: 'device.activity', path: '/devices/:id/activity', title: 'Activity', permission: 'view_activity' },
    ],
  },
];
const index = indexRoutes(routes);
const target = (name: string, permissions: string[], disabled: string[] = []) =>
  indexTab(index, name, access(permissions, disabled))?.name;

describe('indexTab: where a tabbed route opens', () => {
  it('opens its own index tab when permitted', () => {
    expect(target('users', ['view_users', 'view_user_invitations'])).toBe('users.table');
  });

  it('opens the first permitted tab when the index tab is not permitted', () => {
    expect(target('users', ['view_user_invitations'])).toBe('users.invitations');
    expect(target('users', ['view_users', 'view_user_invitations'], ['users.table'])).toBe('users.invitations');
  });

  it('opens the default tab when permitted, else the first permitted tab shown in the strip', () => {
    expect(target('device', ['view_activity'])).toBe('device.activity');
    expect(target('device', [])).toBe('device.location');
    expect(target('device', [], ['device.location'])).toBeUndefined();
  });

  it('opens nothing when the route itself is closed', () => {
    expect(target('users', [])).toBeUndefined();
    expect(target('nope', ['view_users'])).toBeUndefined();
  });
});
