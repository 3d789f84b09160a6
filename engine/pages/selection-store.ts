// Selections per list (page name and route parameters) kept outside the
// components: a selection survives paging, and also the list being mounted
// again (a route re-render, coming back from a detail page) within the tab.
import { emptySelection, type Selection } from './selection';

const selections = new Map<string, Selection>();
const listeners = new Map<string, Set<() => void>>();

export function getSelection(key: string): Selection {
  return selections.get(key) ?? emptySelection;
}

export function setSelection(key: string, selection: Selection): void {
  if (selection.ids.size === 0) selections.delete(key);
  else selections.set(key, selection);
  for (const listener of listeners.get(key) ?? []) listener();
}

export function subscribeSelection(key: string, listener: () => void): () => void {
  const set = listeners.get(key) ?? new Set();
  set.add(listener);
  listeners.set(key, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(key);
  };
}
