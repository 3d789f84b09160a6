import { describe, expect, it } from 'vitest';
import type { PageDocument } from '../pages/types';
import type { MenuAddition } from '../schema/types';
import { menuGroupsOf, opensForm, placeForm, placeInMenu, placesOf } from './placement';

const list: PageDocument = {
  $schema: '../page.schema.json',
  title: 'Tags',
  kind: 'list',
  endpoint: '/tags',
  columns: [],
  toolbarActions: [{ key: 'new-tag', label: 'New tag', form: 'new-tag' }],
};
const form = { name: 'new-tag', label: 'Quick tag', permission: 'create_tags' };

describe('placing a form on a page', () => {
  it('a list offers its toolbar and its rows, a detail page its actions', () => {
    expect(placesOf(list)).toEqual(['toolbarActions', 'rowActions']);
    expect(placesOf({ kind: 'detail' })).toEqual(['actions']);
    expect(placesOf({ kind: 'tabs' } as unknown as PageDocument)).toEqual([]);
  });

  it('adds an action opening the form, labelled and permitted as the form, under a key of its own', () => {
    const placed = placeForm(list, 'toolbarActions', form);
    expect(placed.toolbarActions).toEqual([
      list.toolbarActions![0],
      { key: 'new_tag', label: 'Quick tag', form: 'new-tag', permission: 'create_tags' },
    ]);
    expect(placeForm(list, 'rowActions', { name: 'locate.tag', label: 'Locate' }).rowActions).toEqual([
      { key: 'locate_tag', label: 'Locate', form: 'locate.tag' },
    ]);
    const twice = placeForm(placed, 'rowActions', form);
    expect(twice.rowActions?.map((a) => a.key)).toEqual(['new_tag_2']);
    expect(opensForm(list, 'new-tag')).toBe(true);
    expect(opensForm(list, 'locate.tag')).toBe(false);
  });
});

describe('placing a form in the side menu', () => {
  const menu = { $schema: '../menu.schema.json', entries: [] };
  const entry: MenuAddition = {
    group: 'Administration',
    label: 'Quick tag',
    form: 'quick-tag',
    permission: 'create_tags',
  };

  it('adds an entry under the group, one per form and group: placing again relabels it', () => {
    const placed = placeInMenu(menu, entry);
    expect(placed.entries).toEqual([entry]);
    const elsewhere = placeInMenu(placed, { ...entry, group: 'System' });
    expect(menuGroupsOf(elsewhere, 'quick-tag')).toEqual(['Administration', 'System']);
    const relabelled = placeInMenu(elsewhere, { ...entry, label: 'Tag quickly' });
    expect(relabelled.entries).toEqual([
      { ...entry, group: 'System' },
      { ...entry, label: 'Tag quickly' },
    ]);
    expect(menuGroupsOf(relabelled, 'new-tag')).toEqual([]);
  });
});
