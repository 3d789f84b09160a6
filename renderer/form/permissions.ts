import type { SessionUser } from '../../engine/session/user';

// The permission set a form document is compiled for: the user's permissions
// plus the flags documents gate fields on (super_admin by role,
// show_payment_control, show_payment) and what the app adds (default_theme).

let extra: () => string[] = () => [];

/** The console tells the renderer about app-level flags (the theme) once at start-up. */
export function configureForms(options: { extraPermissions?: () => string[] }): void {
  if (options.extraPermissions) extra = options.extraPermissions;
}

export function formPermissions(user: SessionUser | null | undefined): string[] {
  const set = new Set(user?.permissions ?? []);
  if (user?.role?.name === 'super_admin') set.add('super_admin');
  if (user?.show_payment_control) set.add('show_payment_control');
  if (user?.company?.show_payment) set.add('show_payment');
  for (const p of extra()) set.add(p);
  return [...set].sort();
}
