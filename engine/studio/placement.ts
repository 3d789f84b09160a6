// Where a form a product owner built is reached from, without editing a page document by
// hand: an action that opens it, placed on a list page (a toolbar button or a row action,
// the row's id and values given to the form) or on a detail page (a button beside its
// other actions). The action takes the form's title as its label and its permission, so
// the button shows to those who may open the form; its key is kept unique on the page.
// Or a menu entry under a group of the side menu (the menus document the console merges
// into its menu, engine/routes/menu-additions.ts), permitted as the form.
import type { PageAction, PageDocument } from '../pages/types';
import type { FormDocument, MenuAddition, MenuDocument } from '../schema/types';
import { keyFromLabel, uniqueKey } from './keys';

export type Place = 'toolbarActions' | 'rowActions' | 'actions';

/** The places a page offers a form: a list its toolbar and its rows, a detail page its actions. */
export function placesOf(page: Pick<PageDocument, 'kind'>): Place[] {
  if (page.kind === 'list') return ['toolbarActions', 'rowActions'];
  return page.kind === 'detail' ? ['actions'] : [];
}

/** The page with an action that opens the form at the place. */
export function placeForm(
  page: PageDocument,
  place: Place,
  form: { name: string; label: string; permission?: FormDocument['permission'] },
): PageDocument {
  const all = [...(page.toolbarActions ?? []), ...(page.rowActions ?? []), ...(page.actions ?? [])];
  const action: PageAction = {
    key: uniqueKey(
      keyFromLabel(form.name),
      all.map((a) => a.key),
    ),
    label: form.label,
    form: form.name,
    ...(form.permission !== undefined ? { permission: form.permission } : {}),
  };
  return { ...page, [place]: [...(page[place] ?? []), action] };
}

/** Whether the page already has an action that opens the form (at any place). */
export const opensForm = (page: PageDocument, name: string): boolean =>
  [...(page.toolbarActions ?? []), ...(page.rowActions ?? []), ...(page.actions ?? [])].some((a) => a.form === name);

/** The menus document with an entry that opens the form under the group (one entry per form and group). */
export function placeInMenu(doc: MenuDocument, entry: MenuAddition): MenuDocument {
  const others = doc.entries.filter((e) => e.group !== entry.group || e.form !== entry.form);
  return { ...doc, entries: [...others, entry] };
}

/** The groups whose menu entries open the form. */
export const menuGroupsOf = (doc: MenuDocument, name: string): string[] =>
  doc.entries.filter((e) => e.form === name).map((e) => e.group);
