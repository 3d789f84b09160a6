export type PermissionMode = 'every' | 'some';
/**
 * Whoever holds permissions: the console's session user (a list) or the server's caller (a set), with the
 * company level and role name the synthetic rules read. One function decides for the console, the renderer and
 * the server, so a button is shown exactly when the server accepts the call.
 */
export type UserLike = { permissions: readonly string[] | ReadonlySet<string> } & {
  company?: { level?: number };
  role?: { name?: string };
};

/** Synthetic permissions of shell spec §6, derived from real ones. */
const synthetic: Record<string, (user: UserLike) => boolean> = {
  move_devices: (user) =>
    holds(user, 'create_devices') && holds(user, 'delete_devices') && (user.company?.level ?? Infinity) <= 2,
};

function holds(user: UserLike, permission: string): boolean {
  const held = user.permissions;
  // A held name holds: a role's permission, or a document permission set's derived one (documentPermissions).
  if ('has' in held ? held.has(permission) : held.includes(permission)) return true;
  const rule = synthetic[permission];
  if (rule) return rule(user);
  return permission === 'super_admin' && user.role?.name === 'super_admin';
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

/** The synthetic permissions (shell spec §6), each derived from real ones by its rule. */
export const SYNTHETIC_PERMISSIONS = Object.keys(synthetic);

/**
 * Payment controls show only for company level 1 (shell spec §6), to a user
 * who creates companies (the 'Show purchase link' control sits in the new
 * company form). The one rule behind the session's show_payment_control and
 * the server's form gating.
 */
export function showsPaymentControls(companyLevel: number | undefined, permissions: Iterable<string>): boolean {
  return companyLevel === 1 && [...permissions].includes('create_companies');
}
