import { describe, expect, it } from 'vitest';
import { refusalOf, rowActionsFor } from './row-actions';
import type { PageAction } from './types';

const actions: PageAction[] = [
  { key: 'edit', label: 'Edit', href: '/users/{id}' },
  { key: 'impersonate', label: 'Impersonate', href: '/x', notSelf: true },
  { key: 'delete', label: 'Delete user', form: 'delete-user', notSelf: true },
];

describe('rowActionsFor', () => {
  it('leaves notSelf actions out on the signed-in user own row', () => {
    expect(rowActionsFor(actions, 7, 7)?.map((a) => a.key)).toEqual(['edit']);
    expect(rowActionsFor(actions, '7', 7)?.map((a) => a.key)).toEqual(['edit']);
  });
  it('offers every action on other rows, or without a user', () => {
    expect(rowActionsFor(actions, 8, 7)?.map((a) => a.key)).toEqual(['edit', 'impersonate', 'delete']);
    expect(rowActionsFor(actions, 8, undefined)).toBe(actions);
    expect(rowActionsFor(undefined, 8, 8)).toBeUndefined();
  });
});

describe('refusalOf', () => {
  const remove: PageAction = {
    key: 'delete',
    label: 'Delete',
    request: { method: 'delete', path: '/x/{id}' },
    confirm: { title: 'Delete?' },
    refuse: [
      { key: 'company_id', when: 'empty', reason: 'Default roles cannot be removed.' },
      { key: 'stats.devices', when: 'positive', reason: 'A company with devices cannot be removed.' },
      { key: 'locked_at', when: 'present', reason: 'Locked.' },
    ],
  };
  it('names the first rule the row meets', () => {
    expect(refusalOf(remove, { company_id: null })).toBe('Default roles cannot be removed.');
    expect(refusalOf(remove, { company_id: 2, stats: { devices: 3 } })).toBe(
      'A company with devices cannot be removed.',
    );
    expect(refusalOf(remove, { company_id: 2, stats: { devices: '1' } })).toBe(
      'A company with devices cannot be removed.',
    );
    expect(refusalOf(remove, { company_id: 2, locked_at: '2026-11-01' })).toBe('Locked.');
  });
  it('lets the action run on other rows and for actions without rules', () => {
    expect(refusalOf(remove, { company_id: 2, stats: { devices: 0 }, locked_at: null })).toBeUndefined();
    expect(refusalOf(actions[0], { company_id: null })).toBeUndefined();
    expect(refusalOf(remove, undefined)).toBeUndefined();
  });
});
