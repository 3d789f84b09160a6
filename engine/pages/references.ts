// The form documents a page document's actions open: the console loads them while the
// page draws, so a toolbar or row action's form opens without a wait.
import type { PageDocument } from './types';

const ACTION_GROUPS = ['toolbarActions', 'rowActions', 'bulkActions', 'actions'] as const;

export function pageForms(doc: PageDocument): string[] {
  const names = ACTION_GROUPS.flatMap((group) => doc[group] ?? []).flatMap((action) =>
    action.form ? [action.form] : [],
  );
  return [...new Set(names)];
}
