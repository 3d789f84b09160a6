import type { SessionUser } from '../session/user';

export type PermissionMode = 'every' | 'some';
type UserLike = Pick<SessionUser, 'permissions'> & { company?: { level?: number }; role?: { name?: string } };

/** Synthetic permissions of shell spec §6, derived from real ones. */
const synthetic: Record<string, (user: UserLike) => boolean> = {
  move_devices: (user) =>
    holds(user, 'create_devices') && holds(user, 'delete_devices') && (user.company?.level ?? Infinity) <= 2,
};

function holds(user: UserLike, permission: string): boolean {
  const rule = synthetic[permission];
  if (rule) return rule(user);
  if (permission === 'super_admin' && user.role?.name === 'super_admin') return true;
  return user.permissions.includes(permission);
}

/**
 * Contract 5: whether the user holds a permission requirement. A list is
 * matched with every (default) or some; an empty requirement always passes.
 */
export function can(
  user: UserLike | null | undefined,
  permission: string | readonly string[] | undefined,
  mode: PermissionMode = 'every',
): boolean {
  if (permission === undefined) return true;
  const list = typeof permission === 'string' ? [permission] : permission;
  if (list.length === 0) return true;
  if (!user) return false;
  return mode === 'some' ? list.some((p) => holds(user, p)) : list.every((p) => holds(user, p));
}

/** Payment controls show only for company level 1 (shell spec §6). */
export function showsPaymentControls(user: UserLike | null | undefined): boolean {
  return user?.company?.level === 1;
}
