// The row actions offered on one row: actions marked `notSelf` (impersonate,
// delete user) are left out on the signed-in user's own row.
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
