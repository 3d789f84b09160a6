// Text input rules (forms spec §5): text inputs are trimmed (engine/fields/kinds.ts
// says which kinds); pasted text is trimmed and cut to maxlength; an e-mail address
// is kept and compared trimmed and lower-case.

export function trimText(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

/** An e-mail address as accounts and invitations store and compare it: trimmed, lower-case. */
export function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}

/**
 * The input's new value after pasting `pasted` over the selection [start, end) of `current`:
 * the pasted text is trimmed, and the result is cut to maxlength.
 */
export function applyPaste(current: string, pasted: string, start = current.length, end = start, maxlength?: number) {
  const next = current.slice(0, start) + pasted.trim() + current.slice(end);
  return maxlength !== undefined ? next.slice(0, maxlength) : next;
}
