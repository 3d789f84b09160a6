// Text input rules (forms spec §5): text inputs are trimmed (engine/fields/kinds.ts
// says which kinds); pasted text is trimmed and cut to maxlength.

export function trimText(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * The input's new value after pasting `pasted` over the selection [start, end) of `current`:
 * the pasted text is trimmed, and the result is cut to maxlength.
 */
export function applyPaste(current: string, pasted: string, start = current.length, end = start, maxlength?: number) {
  const next = current.slice(0, start) + pasted.trim() + current.slice(end);
  return maxlength !== undefined ? next.slice(0, maxlength) : next;
}
