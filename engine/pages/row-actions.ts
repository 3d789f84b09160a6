// The row actions offered on one row: actions marked `notSelf` (impersonate,
// delete user) are left out on the signed-in user's own row; actions the
// server would refuse on a row (its `refuse` rules) say why instead of running.
import { readPath } from './template';
import type { PageAction } from './types';

export function rowActionsFor(
  actions: readonly PageAction[] | undefined,
  rowId: unknown,
  userId: unknown,
): readonly PageAction[] | undefined {
  if (!actions?.some((action) => action.notSelf)) return actions;
  const own = userId != null && rowId != null && String(rowId) === String(userId);
  return own ? actions.filter((action) => !action.notSelf) : actions;
}

/** Why the server would refuse the action on this row (its first matching `refuse` rule), or undefined. */
export function refusalOf(action: PageAction, row: Record<string, unknown> | undefined): string | undefined {
  if (!row || !action.refuse) return undefined;
  for (const rule of action.refuse) {
    const value = readPath(row, rule.key);
    const empty = value === undefined || value === null || value === '';
    const matches = rule.when === 'empty' ? empty : rule.when === 'present' ? !empty : !empty && Number(value) > 0;
    if (matches) return rule.reason;
  }
  return undefined;
}
