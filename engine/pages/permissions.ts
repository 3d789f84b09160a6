// Permission gating of pages, tabs, filters and actions through can() (contract 5).
import { can } from '../permissions/can';
import type { PagePermission } from './types';

type UserLike = Parameters<typeof can>[0];

export interface Gated {
  permission?: PagePermission;
  permissionMode?: 'every' | 'some';
}

export function allowed(user: UserLike, item: Gated): boolean {
  return can(user, item.permission, item.permissionMode ?? 'every');
}

export function allowedItems<T extends Gated>(user: UserLike, items: readonly T[] | undefined): T[] {
  return (items ?? []).filter((item) => allowed(user, item));
}
