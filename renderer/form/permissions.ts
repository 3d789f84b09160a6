import { documentPermissions } from '../../engine/permissions/document';
import type { SessionUser } from '../../engine/session/user';

// The permission set a form document is compiled for in the console: the one
// document permission set (engine/permissions/document.ts) with the flags the
// console adds (default_theme, from its theme).

let extra: () => string[] = () => [];

/** The console tells the renderer about app-level flags (the theme) once at start-up. */
export function configureForms(options: { extraPermissions?: () => string[] }): void {
  if (options.extraPermissions) extra = options.extraPermissions;
}

export function formPermissions(user: SessionUser | null | undefined): string[] {
  return documentPermissions(user, extra());
}
