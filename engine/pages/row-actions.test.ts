import { describe, expect, it } from 'vitest';
import { rowActionsFor } from './row-actions';
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
