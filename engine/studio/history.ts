// Undo and redo over the whole draft text, whichever view made the change: the Design
// view's edits and the Source view's typing are steps of one history. Steps of one kind
// in quick succession (typing a label, typing in the source) merge into one.

export interface History {
  past: readonly string[];
  present: string;
  future: readonly string[];
  /** The kind and time of the last step, to merge a quick run of the same kind. */
  last?: { group: string | undefined; at: number };
}

/** How long after a step another of the same kind merges into it. */
export const MERGE_MS = 800;
const LIMIT = 200;

export const startHistory = (text: string): History => ({ past: [], present: text, future: [] });

/**
 * The history with text as the present; group names a kind of typing (steps of one group
 * within MERGE_MS merge), none a step of its own (add, move, remove); at is its time (ms).
 */
export function commit(history: History, text: string, group: string | undefined, at: number): History {
  if (text === history.present) return history;
  const merge = group !== undefined && history.last?.group === group && at - history.last.at < MERGE_MS;
  const past = merge ? history.past : [...history.past, history.present].slice(-LIMIT);
  return { past, present: text, future: [], last: { group, at } };
}

export function undo(history: History): History {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: History): History {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future };
}
