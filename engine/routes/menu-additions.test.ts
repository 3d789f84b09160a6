import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../session/user';
import { checkMenuDocument, withAdditions } from './menu-additions';
import { visibleMenu, type MenuGroup, type Navigation } from './menu';
import { indexRoutes, type RouteNode } from './route-index';

interface Route extends RouteNode<Route> {
  name: string;
}

const routes: Route[] = [
  { name: 'tags', path: '/tags', title: 'Tags', permission: 'view_tags' },
  { name: 'form', path: '/forms/:name/:id?', title: 'Form' },
];
const menu: MenuGroup[] = [
  { name: 'Management', icon: 'devices', entries: [{ label: 'Tags', routes: ['tags'] }] },
  { name: 'System', icon: 'system', entries: [] },
];
const nav: Navigation<Route> = { index: indexRoutes(routes), menu, landing: 'tags', notLanding: ['form'] };
const user = (permissions: string[]) =>
  ({ id: 1, permissions, company: { level: 1 }, role: { name: 'admin' } }) as unknown as SessionUser;
const seen = (entries: Parameters<typeof withAdditions>[1], permissions: string[]) =>
  visibleMenu(nav, { user: user(permissions), disabledRoutes: [] }, withAdditions(menu, entries)).map((g) => [
    g.name,
    g.entries.map((e) => `${e.label} ${e.path}`),
  ]);

const quickTag = { group: 'System' as const, label: 'Quick tag', form: 'quick-tag', permission: 'create_tags' };

describe('the side menu with the entries product owners added', () => {
  it('puts an entry under its group, after the group’s own, opening the generic form route with the form’s name', () => {
    expect(seen({ entries: [quickTag] }, ['view_tags', 'create_tags'])).toEqual([
      ['Management', ['Tags /tags']],
      ['System', ['Quick tag /forms/quick-tag']],
    ]);
  });

  it('shows the entry only to users with the form’s permission; the menu rules keep applying', () => {
    expect(seen({ entries: [quickTag] }, ['view_tags'])).toEqual([['Management', ['Tags /tags']]]);
    const open = { group: 'Management' as const, label: 'Locate', form: 'locate' };
    expect(seen({ entries: [open] }, [])).toEqual([['Management', ['Locate /forms/locate']]]);
    const disabled = visibleMenu(
      nav,
      { user: user(['create_tags']), disabledRoutes: ['form'] },
      withAdditions(menu, { entries: [quickTag] }),
    );
    expect(disabled).toEqual([]);
  });

  it('leaves out an entry under a group the menu does not have, or labelled as one its group has', () => {
    // The meta-schema refuses such a group on publish; a menu without it (a test's) leaves the entry out.
    const stray = { group: 'RMS VPN' as const, label: 'Lost', form: 'lost' };
    const twin = { group: 'Management' as const, label: 'Tags', form: 'tags-form' };
    expect(
      seen({ entries: [stray, twin, quickTag, { ...quickTag, form: 'other' }] }, ['view_tags', 'create_tags']),
    ).toEqual([
      ['Management', ['Tags /tags']],
      ['System', ['Quick tag /forms/quick-tag']],
    ]);
    expect(withAdditions(menu, undefined)).toBe(menu);
    expect(withAdditions(menu, { entries: [] })).toBe(menu);
  });

  it('keeps every group and built-in entry in place, whatever is added', () => {
    const addition = fc.record({
      group: fc.constantFrom('Management', 'System', 'RMS VPN'),
      label: fc.string({ minLength: 1, maxLength: 8 }),
      form: fc.constantFrom('a', 'b'),
    });
    fc.assert(
      fc.property(fc.array(addition, { maxLength: 12 }), (entries) => {
        const merged = withAdditions(menu, { entries });
        expect(merged.map((g) => g.name)).toEqual(menu.map((g) => g.name));
        merged.forEach((group, i) => {
          expect(group.entries.slice(0, menu[i].entries.length)).toEqual(menu[i].entries);
          const labels = group.entries.map((e) => e.label);
          expect(new Set(labels).size).toBe(labels.length);
        });
      }),
    );
  });
});

describe('checkMenuDocument', () => {
  const ctx = { file: 'menus/side-menu.json', name: 'side-menu', names: { forms: new Set(['quick-tag']) } };

  it('names a form that does not exist, and a label its group has twice', () => {
    const doc = { $schema: '../menu.schema.json', entries: [quickTag, { ...quickTag, form: 'gone' }] };
    expect(checkMenuDocument(doc, ctx)).toEqual([
      { pointer: '/entries/1/form', message: 'form gone does not exist' },
      { pointer: '/entries/1/label', message: 'System already has an entry Quick tag' },
    ]);
    expect(checkMenuDocument({ $schema: '../menu.schema.json', entries: [quickTag] }, ctx)).toEqual([]);
  });
});
