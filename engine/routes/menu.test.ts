import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../session/user';
import { entryActive, firstPermittedPath, visibleMenu, type MenuGroup, type Navigation } from './menu';
import { indexRoutes, type RouteNode } from './route-index';

interface Route extends RouteNode<Route> {
  name: string;
}

const user = (permissions: string[]) =>
  ({ id: 1, permissions, company: { level: 1 }, role: { name: 'admin' } }) as unknown as SessionUser;

const routes: Route[] = [
  { name: 'devices', path: '/devices', title: 'Devices', permission: 'view_devices' },
  { name: 'device', path: '/devices/:id', title: 'Device', permission: 'view_devices', parent: 'devices' },
  { name: 'tags', path: '/tags', title: 'Tags', permission: 'view_tags' },
  { name: 'users', path: '/users', title: 'Users', permission: 'view_users' },
  { name: 'roles', path: '/roles', title: 'Roles', permission: 'view_roles' },
  { name: 'form', path: '/forms/:name/:id?', title: 'Form' },
];

const menu: MenuGroup[] = [
  { name: 'Management', icon: 'devices', entries: [{ label: 'Devices', routes: ['devices'] }] },
  {
    name: 'Administration',
    icon: 'admin',
    entries: [
      {
        label: 'Move resources',
        routes: ['form'],
        params: { name: 'move-device-resources' },
        permission: 'move_devices_credits',
      },
      { label: 'Tags', routes: ['tags'] },
      { label: 'Users', routes: ['users', 'roles'], related: ['form'] },
    ],
  },
];

const nav: Navigation<Route> = {
  index: indexRoutes(routes),
  menu,
  landing: 'devices',
  notLanding: ['form'],
};
const access = (permissions: string[], disabledRoutes: string[] = []) => ({ user: user(permissions), disabledRoutes });
const labels = (permissions: string[], disabled: string[] = []) =>
  visibleMenu(nav, access(permissions, disabled)).flatMap((group) => group.entries.map((e) => `${e.label} ${e.path}`));

describe('visibleMenu', () => {
  it('shows only permitted entries, each linking to the first permitted of its routes; empty groups go', () => {
    expect(labels(['view_roles'])).toEqual(['Users /roles']);
    expect(labels(['view_users', 'view_roles'])).toEqual(['Users /users']);
    expect(visibleMenu(nav, access(['view_tags'])).map((group) => group.name)).toEqual(['Administration']);
  });

  it('hides routes the theme disables, and entries whose own permission is missing', () => {
    expect(labels(['view_devices', 'view_tags'], ['tags'])).toEqual(['Devices /devices']);
    expect(labels([])).toEqual([]);
    expect(labels(['move_devices_credits'])).toEqual(['Move resources /forms/move-device-resources']);
  });
});

describe('firstPermittedPath', () => {
  it('lands on the landing route, else the first visible page that is not the generic form, else nowhere', () => {
    expect(firstPermittedPath(nav, access(['view_devices', 'view_tags']))).toBe('/devices');
    expect(firstPermittedPath(nav, access(['move_devices_credits', 'view_tags']))).toBe('/tags');
    expect(firstPermittedPath(nav, access(['view_devices'], ['devices']))).toBeUndefined();
    expect(firstPermittedPath(nav, access(['move_devices_credits']))).toBeUndefined();
  });
});

describe('entryActive', () => {
  it('keeps an entry highlighted on its routes, related routes and routes whose trail passes through them', () => {
    const [devices] = menu[0].entries;
    const users = menu[1].entries[2];
    expect(entryActive(nav, devices, 'device')).toBe(true);
    expect(entryActive(nav, devices, 'tags')).toBe(false);
    expect(entryActive(nav, users, 'roles')).toBe(true);
    expect(entryActive(nav, users, 'form')).toBe(true);
    expect(entryActive(nav, devices, undefined)).toBe(false);
  });
});
