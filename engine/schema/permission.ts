import type { PermissionList } from './types';

/** Whether a permission list holds every permission a document or field requires. */
export function holdsPermission(permissions: readonly string[], required: PermissionList | undefined): boolean {
  if (required === undefined) return true;
  const needed = Array.isArray(required) ? required : [required];
  return needed.every((p) => permissions.includes(p));
}
