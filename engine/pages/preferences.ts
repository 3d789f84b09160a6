// Table preferences (visible columns, their order, page size, relative or
// exact times) kept per page in the per-user settings store, and the prompt
// reminders that can be re-enabled.
import type { PageAction, PageColumn, PageDocument } from './types';
import { countedText } from '../i18n/i18n';

export interface TablePreferences {
  /** Column keys in display order; columns missing here follow in document order. */
  order?: string[];
  /** Keys the user chose to show or hide, overriding the document's `hidden`. */
  visible?: Record<string, boolean>;
  pageSize?: number;
  /** Relative times ("2 hours ago") shown as exact dates and times, which a keyboard reaches (no hover tooltip). */
  exactTimes?: boolean;
}

export function preferencesKey(page: string): string {
  return `table-preferences.${page}`;
}

export function orderedColumns(doc: PageDocument, prefs: TablePreferences = {}): PageColumn[] {
  const columns = doc.columns ?? [];
  const rank = new Map((prefs.order ?? []).map((key, i) => [key, i]));
  return columns
    .map((column, i) => ({ column, i }))
    .sort((a, b) => (rank.get(a.column.key) ?? rank.size + a.i) - (rank.get(b.column.key) ?? rank.size + b.i))
    .map((x) => x.column);
}

export function isColumnVisible(column: PageColumn, prefs: TablePreferences = {}): boolean {
  return prefs.visible?.[column.key] ?? !column.hidden;
}

/** Columns shown in the table, in the user's order; at least one always stays visible. */
export function visibleColumns(doc: PageDocument, prefs: TablePreferences = {}): PageColumn[] {
  const ordered = orderedColumns(doc, prefs);
  const shown = ordered.filter((c) => isColumnVisible(c, prefs));
  return shown.length ? shown : ordered.slice(0, 1);
}

export function setColumnVisible(prefs: TablePreferences, key: string, visible: boolean): TablePreferences {
  return { ...prefs, visible: { ...prefs.visible, [key]: visible } };
}

/** Moves a column one step (delta -1 or +1) in the user's order. */
export function moveColumn(doc: PageDocument, prefs: TablePreferences, key: string, delta: number): TablePreferences {
  const order = orderedColumns(doc, prefs).map((c) => c.key);
  const from = order.indexOf(key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= order.length) return prefs;
  order.splice(to, 0, ...order.splice(from, 1));
  return { ...prefs, order };
}

/** Whether the table has a column of relative times, which the user may show as exact ones. */
export function hasRelativeTimes(doc: PageDocument): boolean {
  return (doc.columns ?? []).some((column) => column.formatter === 'relativeTime');
}

/** The columns as the user reads them: relative times as exact dates and times when asked. */
export function withExactTimes(columns: PageColumn[], prefs: TablePreferences = {}): PageColumn[] {
  if (!prefs.exactTimes) return columns;
  return columns.map((column) => (column.formatter === 'relativeTime' ? { ...column, formatter: 'dateTime' } : column));
}

function allActions(doc: PageDocument): PageAction[] {
  return [...(doc.toolbarActions ?? []), ...(doc.rowActions ?? []), ...(doc.bulkActions ?? []), ...(doc.actions ?? [])];
}

/** Reminder keys of this page's confirmation prompts, with their labels. */
export function reminders(doc: PageDocument): { key: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const action of allActions(doc)) {
    const key = action.confirm?.reminderKey;
    // A counted title names the prompt in its general (other) form.
    if (key && !seen.has(key))
      seen.set(key, action.confirm ? countedText(action.confirm.title, undefined) : action.label);
  }
  return [...seen].map(([key, label]) => ({ key, label }));
}

/** A reminder is off when 'Do not show this again' stored false under its key. */
export function reminderOff(value: unknown): boolean {
  return value === false || value === 'false';
}
