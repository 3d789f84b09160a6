// The side menu's additions: entries product owners place from the studio, kept in the
// published document menus/side-menu (schemas/menu.schema.json) and versioned like every
// document. Each opens the generic form route with its form's name under one of the
// console's groups, after the group's own entries, and shows only to users with its
// permission (the menu rules of menu.ts apply to it as to any entry). An addition under
// a group the menu does not have, or labelled as an entry the group already has, is left out.
import type { CheckProblem, DocumentChecker } from '../schema/check-document';
import type { MenuAddition, MenuDocument } from '../schema/types';
import type { MenuEntry, MenuGroup } from './menu';

/** The name of the menus document the console merges into its side menu. */
export const SIDE_MENU = 'side-menu';

/** The route an added entry opens: the generic form route, /forms/<name>. */
const FORM_ROUTE = 'form';

const entryOf = (addition: MenuAddition): MenuEntry => ({
  label: addition.label,
  routes: [FORM_ROUTE],
  params: { name: addition.form },
  ...(addition.permission !== undefined ? { permission: addition.permission } : {}),
});

/** The console's menu with the document's entries added under their groups. */
export function withAdditions(menu: MenuGroup[], doc: Pick<MenuDocument, 'entries'> | undefined): MenuGroup[] {
  if (!doc?.entries.length) return menu;
  return menu.map((group) => {
    const labels = new Set(group.entries.map((e) => e.label));
    const added: MenuEntry[] = [];
    for (const addition of doc.entries) {
      if (addition.group !== group.name || labels.has(addition.label)) continue;
      labels.add(addition.label);
      added.push(entryOf(addition));
    }
    return added.length ? { ...group, entries: [...group.entries, ...added] } : group;
  });
}

/** Cross-checks of a menus document: each entry opens a form that exists, and no group gets one label twice. */
export const checkMenuDocument: DocumentChecker = (doc, ctx) => {
  const problems: CheckProblem[] = [];
  const seen = new Set<string>();
  (doc as MenuDocument).entries.forEach((entry, i) => {
    if (!ctx.names.forms?.has(entry.form))
      problems.push({ pointer: `/entries/${i}/form`, message: `form ${entry.form} does not exist` });
    const key = `${entry.group}\n${entry.label}`;
    if (seen.has(key))
      problems.push({ pointer: `/entries/${i}/label`, message: `${entry.group} already has an entry ${entry.label}` });
    seen.add(key);
  });
  return problems;
};
