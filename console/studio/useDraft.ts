import { useCallback, useState } from 'react';
import { commit, redo, startHistory, undo, type History } from '../../engine/studio/history';

// The draft text of the open document with one undo history for both views: the
// Design view's edits and the Source view's typing are steps of it, and Ctrl+Z,
// Ctrl+Shift+Z (Ctrl+Y) and the Undo/Redo buttons walk it from either view.

export interface Draft {
  text: string | undefined;
  /** A change made in one of the views (group: a kind of typing whose quick runs merge into one step). */
  change(text: string, group?: string): void;
  /** Starts over from a text (loaded, reverted, taken from the merge view): no step to undo it. */
  reset(text: string): void;
  undo(): void;
  redo(): void;
  canUndo: boolean;
  canRedo: boolean;
}

export function useDraft(): Draft {
  const [history, setHistory] = useState<History>();
  const change = useCallback(
    (text: string, group?: string) => setHistory((h) => (h ? commit(h, text, group, performance.now()) : h)),
    [],
  );
  const reset = useCallback((text: string) => setHistory(startHistory(text)), []);
  const back = useCallback(() => setHistory((h) => h && undo(h)), []);
  const forward = useCallback(() => setHistory((h) => h && redo(h)), []);
  return {
    text: history?.present,
    change,
    reset,
    undo: back,
    redo: forward,
    canUndo: !!history?.past.length,
    canRedo: !!history?.future.length,
  };
}

/** Whether a key press asks to undo, to redo, or neither (Ctrl or ⌘ with Z, Shift+Z or Y). */
export function historyKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  return key === 'y' && !event.shiftKey ? 'redo' : undefined;
}

/** Ctrl+Z and Ctrl+Shift+Z anywhere in the document's studio that did not handle them itself, but in the preview's live form. */
export function useHistoryKeys(draft: Pick<Draft, 'undo' | 'redo'>) {
  const { undo: back, redo: forward } = draft;
  return useCallback(
    (event: React.KeyboardEvent) => {
      if (event.defaultPrevented || (event.target as Element).closest?.('.studio-preview')) return;
      const step = historyKey(event);
      if (!step) return;
      event.preventDefault();
      if (step === 'undo') back();
      else forward();
    },
    [back, forward],
  );
}
