import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../engine/session/user';
import { entryActive, firstPermittedPath, pathFor, routeAllowed, routeIndex, visibleMenu } from './resolve';
import { menu } from './menu';
import { routes } from './table';

const user = (permissions: string[], level = 1) =>
  ({ id: 1, permissions, company: { level }, role: { name: 'admin' } }) as unknown as SessionUser;

describe('route table', () => {
  it('gives every route a page key equal to its name and unique names', () => {
    const names = [...routeIndex.keys()];
    expect(new Set(names).size).toBe(names.length);
    for (const { route } of routeIndex.values()) expect(route.page).toBe(route.name);
  });

  it('names every menu route in the table', () => {
    for (const entry of menu.flatMap((group) => group.entries)) {
      for (const name of [...entry.routes, ...(entry.related ?? [])]) expect(routeIndex.has(name), name).toBe(true);
    }
  });

  it('has the spec paths', () => {
    const paths = [...routeIndex.values()].map((entry) => entry.route.path);
    for (const path of ['/management/devices', '/devices/:id/metrics/gps', '/forms/:name/:id?', '/404', '/logout']) {
      expect(paths).toContain(path);
    }
    expect(routes.find((r) => r.name === 'reports')?.defaultTab).toBe('single');
  });

  it('names the item of every detail route with tabs or an id', () => {
    const withEntity = [...routeIndex.values()].filter((entry) => entry.route.entity).map((entry) => entry.route.name);
    expect(withEntity.sort()).toEqual(
      [
        'automation',
        'company.info',
        'device.detail',
        'remote.info',
        'report.generated',
        'tag.chart',
        'vpn-connect',
        'vpn-hub',
      ].sort(),
    );
  });

  it('fills params and drops missing optional ones', () => {
    expect(pathFor('form', { name: 'new-tag' })).toBe('/forms/new-tag');
    expect(pathFor('form', { name: 'edit-task-group', id: 7 })).toBe('/forms/edit-task-group/7');
  });
});

describe('menu and guards', () => {
  it('shows only permitted entries and the first permitted of a group entry', () => {
    const access = { user: user(['view_devices', 'view_roles', 'view_credit_transfer_codes']), disabledRoutes: [] };
    const groups = visibleMenu(access);
    expect(groups.map((g) => g.name)).toEqual(['Management', 'Administration']);
    const admin = groups[1].entries.map((e) => [e.label, e.path]);
    expect(admin).toEqual([
      ['Users', '/users/roles'],
      ['Resources', '/resources/codes'],
    ]);
  });

  it('hides routes the theme disables, with their menu entries', () => {
    const access = { user: user(['view_devices', 'view_tags']), disabledRoutes: ['tags.main'] };
    expect(routeAllowed('tags.main', access)).toBe(false);
    expect(visibleMenu(access).flatMap((g) => g.entries.map((e) => e.label))).toEqual(['Devices']);
  });

  it('guards tabs by their own and their parents permissions', () => {
    const access = { user: user(['view_devices']), disabledRoutes: [] };
    expect(routeAllowed('device.activity', access)).toBe(true);
    expect(routeAllowed('device.dashboards', access)).toBe(false);
    expect(routeAllowed('company.devices', access)).toBe(false);
  });

  it('Move device resources needs move_devices_credits', () => {
    const names = (p: string[]) =>
      visibleMenu({ user: user(p), disabledRoutes: [] }).flatMap((g) => g.entries.map((e) => e.label));
    expect(names(['move_devices_credits'])).toEqual(['Move device resources']);
    expect(names([])).toEqual([]);
  });

  it('lands on devices, else the first permitted page, else nowhere (Access denied)', () => {
    expect(firstPermittedPath({ user: user(['view_devices', 'view_tags']), disabledRoutes: [] })).toBe(
      '/management/devices',
    );
    expect(firstPermittedPath({ user: user(['view_tags']), disabledRoutes: [] })).toBe('/tags');
    expect(firstPermittedPath({ user: user([]), disabledRoutes: [] })).toBeUndefined();
  });

  it('builds breadcrumb trails through parents and nesting', () => {
    const trail = (name: string) => routeIndex.get(name)!.trail.map((route) => route.name);
    expect(trail('company.userstable')).toEqual(['users.companies', 'company.info']);
    expect(trail('company.invitations')).toEqual(['users.companies', 'company.info', 'company.users']);
    expect(trail('dynamic.parameters')).toEqual(['management.devices', 'device.detail', 'device.metrics']);
    expect(trail('reports.week')).toEqual(['reports']);
    expect(trail('management.devices')).toEqual([]);
    // No crumb repeats the current title: the Resources tab of the Resources page is one crumb.
    expect(trail('administration.resources.credits')).toEqual([]);
    expect(trail('administration.resources.codes')).toEqual(['administration.resources']);
  });

  it('keeps an entry highlighted on related routes', () => {
    const devices = menu[0].entries[0];
    expect(entryActive(devices, 'device.location')).toBe(true);
    expect(entryActive(devices, 'tags.main')).toBe(false);
  });
});
