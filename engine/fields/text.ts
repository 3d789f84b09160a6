// Text input rules (forms spec §5): text inputs are trimmed (engine/fields/kinds.ts
// says which kinds); the sanitiser allows no HTML tags or attributes in field text;
// pasted text is trimmed and cut to maxlength; an e-mail address is kept and
// compared trimmed and lower-case.

export function trimText(value: unknown): unknown {
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * Text without HTML: comments, script/style bodies, then every tag left (with its attributes) removed, a tag
 * opening that never closes (`</`, `<b`) included. Entities stay as typed (decoding `&lt;b&gt;` would make a
 * tag). No DOM, so the console's form and the server keep the same text of the same input.
 */
export function stripTags(input: string): string {
  let text = input.replace(/<!--[\s\S]*?(-->|$)/g, '');
  text = text.replace(/<(script|style|iframe|noscript|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, '');
  let previous;
  do {
    previous = text;
    text = text.replace(/<[A-Za-z!?/][^<>]*(>|$|(?=<))/g, '');
  } while (text !== previous);
  return text;
}

/** Field text as submitted and stored: no HTML tags or attributes, trimmed (other values as they are). */
export function fieldText(value: unknown): unknown {
  return typeof value === 'string' ? stripTags(value).trim() : value;
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
