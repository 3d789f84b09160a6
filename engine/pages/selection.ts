// Row selection that survives paging, sorting and filtering: the set of ids
// plus the last seen row for each, so bulk actions can name what they touch.
export type RowId = string | number;

export interface Selection {
  readonly ids: ReadonlyMap<RowId, Record<string, unknown>>;
}

export const emptySelection: Selection = { ids: new Map() };

export function isSelected(selection: Selection, id: RowId): boolean {
  return selection.ids.has(id);
}

export function toggleRow(selection: Selection, id: RowId, row: Record<string, unknown>): Selection {
  const ids = new Map(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.set(id, row);
  return { ids };
}

export type PageCheckState = 'all' | 'some' | 'none';

export function pageCheckState(selection: Selection, pageIds: readonly RowId[]): PageCheckState {
  const n = pageIds.filter((id) => selection.ids.has(id)).length;
  return n === 0 ? 'none' : n === pageIds.length ? 'all' : 'some';
}

/** The page header checkbox: selects the whole page unless it already is, then clears the page. */
export function togglePage(
  selection: Selection,
  rows: readonly Record<string, unknown>[],
  idOf: (row: Record<string, unknown>) => RowId,
): Selection {
  const ids = new Map(selection.ids);
  const all = pageCheckState(selection, rows.map(idOf)) === 'all';
  for (const row of rows) {
    if (all) ids.delete(idOf(row));
    else ids.set(idOf(row), row);
  }
  return { ids };
}

export function selectedIds(selection: Selection): RowId[] {
  return [...selection.ids.keys()];
}
