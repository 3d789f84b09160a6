import { describe, expect, it } from 'vitest';
import { invitableRoleNames, inviteRoleOptions, sortRoles, truncateRoleName } from './roles';

const roles = [
  { id: 1, name: 'super_admin', company_id: null, permissions_count: 90 },
  { id: 2, name: 'admin', company_id: null, permissions_count: 80 },
  { id: 3, name: 'end_user', company_id: null, permissions_count: 20 },
  { id: 4, name: 'read_only', company_id: null, permissions_count: 10 },
  { id: 6, name: 'readonly_admin', company_id: null, permissions_count: 15 },
  { id: 10, name: 'Field team', company_id: 5, permissions_count: 50 },
  { id: 12, name: 'x'.repeat(60), company_id: 5, permissions_count: 1 },
  { id: 11, name: 'Other company role', company_id: 9, permissions_count: 1 },
];

describe('role lists', () => {
  it('default roles first by permission count descending, then custom roles by id descending', () => {
    expect(sortRoles(roles).map((r) => r.id)).toEqual([1, 2, 3, 6, 4, 12, 11, 10]);
  });

  it('invitable roles per role; an unknown role falls back to admin', () => {
    expect(invitableRoleNames('super_admin')).toEqual(['admin', 'end_user', 'readonly_admin', 'read_only', 'support']);
    expect(invitableRoleNames('admin')).toEqual(['admin', 'end_user', 'readonly_admin', 'read_only']);
    expect(invitableRoleNames('mystery')).toEqual(invitableRoleNames('admin'));
    expect(invitableRoleNames(undefined)).toEqual(invitableRoleNames('admin'));
  });

  it('offers invitable default roles and the chosen company custom roles, names cut at 45', () => {
    const options = inviteRoleOptions(roles, 'admin', 5);
    expect(options.map((r) => r.id)).toEqual([2, 3, 6, 4, 12, 10]);
    expect(options.find((r) => r.id === 12)?.name).toHaveLength(45);
    expect(truncateRoleName('short')).toBe('short');
  });
});
