// Role lists (forms spec §6): invitable roles per role (an unknown role falls back
// to admin); custom roles of the chosen company are offered; default roles first by
// permission count descending, then custom roles by id descending; names cut at 45.
import { ROLE_NAME_MAX_LENGTH } from '../constants';

export interface RoleItem {
  id: number;
  name: string;
  title?: string;
  company_id: number | null;
  permissions_count?: number;
  [key: string]: unknown;
}

export const INVITABLE_ROLES: Readonly<Record<string, readonly string[]>> = {
  super_admin: ['admin', 'end_user', 'readonly_admin', 'read_only', 'support'],
  admin: ['admin', 'end_user', 'readonly_admin', 'read_only'],
};

/** Role names a user of this role may invite; an unknown role is treated as admin. */
export function invitableRoleNames(role: string | undefined): readonly string[] {
  return (role !== undefined && INVITABLE_ROLES[role]) || INVITABLE_ROLES.admin;
}

const isDefaultRole = (r: RoleItem) => r.company_id === null || r.company_id === undefined;

/** Default roles by permission count descending, then custom roles by id descending. */
export function sortRoles<T extends RoleItem>(roles: readonly T[]): T[] {
  const defaults = roles.filter(isDefaultRole).sort((a, b) => (b.permissions_count ?? 0) - (a.permissions_count ?? 0));
  const custom = roles.filter((r) => !isDefaultRole(r)).sort((a, b) => b.id - a.id);
  return [...defaults, ...custom];
}

export function truncateRoleName(name: string): string {
  return name.length > ROLE_NAME_MAX_LENGTH ? name.slice(0, ROLE_NAME_MAX_LENGTH) : name;
}

/** The invite form's role list: invitable default roles and the company's custom roles, ordered, names cut. */
export function inviteRoleOptions<T extends RoleItem>(
  roles: readonly T[],
  userRole: string | undefined,
  companyId: unknown,
): T[] {
  const allowed = invitableRoleNames(userRole);
  const offered = roles.filter((r) =>
    isDefaultRole(r) ? allowed.includes(r.name) : companyId !== undefined && String(r.company_id) === String(companyId),
  );
  return sortRoles(offered).map((r) => ({
    ...r,
    name: truncateRoleName(r.name),
    ...(r.title !== undefined ? { title: truncateRoleName(r.title) } : {}),
  }));
}
