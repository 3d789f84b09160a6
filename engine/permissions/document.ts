import { can, showsPaymentControls, SYNTHETIC_PERMISSIONS, type UserLike } from './can';

// The permission set a form, page or lookup document is checked against, the
// same on the console, in the renderer and on the server: the role's
// permissions, the synthetic ones the user holds (move_devices), super_admin
// by role, and the session flags documents gate fields on
// (show_payment_control, show_payment), plus the flags of the app that
// checks (the console's default_theme). Checked with can() like every
// other permission.

export type DocumentUser = UserLike & {
  company?: { level?: number; show_payment?: boolean };
  /** The server's session flag (showsPaymentControls); derived from the company level when absent. */
  show_payment_control?: boolean;
};

/** The document permission set of a user, sorted; `app`: the flags the checking app adds. */
export function documentPermissions(user: DocumentUser | null | undefined, app: readonly string[] = []): string[] {
  if (!user) return [...app].sort();
  const set = new Set<string>(user.permissions);
  for (const name of [...SYNTHETIC_PERMISSIONS, 'super_admin']) if (can(user, name)) set.add(name);
  const payment = user.show_payment_control ?? showsPaymentControls(user.company?.level, set);
  if (payment) set.add('show_payment_control');
  if (user.company?.show_payment) set.add('show_payment');
  for (const flag of app) set.add(flag);
  return [...set].sort();
}

/** Whether a document permission set holds what a document, field or option requires (every name of a list). */
export function permits(permissions: readonly string[], required: string | readonly string[] | undefined): boolean {
  return can({ permissions }, required);
}
