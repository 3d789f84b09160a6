// The sanitiser of field text (forms spec §5): no HTML tags or attributes at all.
// With a window (browser, jsdom) DOMPurify does it with an empty allow-list and keeps
// the text; without one (the Node server) a conservative fallback removes every tag,
// comment and script/style body and escapes the remaining markup characters. Both
// return text that is safe to put into HTML.
import DOMPurify from 'dompurify';

type Purifier = { sanitize(source: string, config: Record<string, unknown>): string };
let purifier: Purifier | null | undefined;

function windowPurifier(): Purifier | null {
  if (purifier === undefined) {
    const win = (globalThis as { window?: unknown }).window;
    purifier = win ? (DOMPurify as unknown as (w: unknown) => Purifier)(win) : null;
  }
  return purifier;
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Removes every tag without a DOM: comments, script/style bodies, then any <...> left. */
export function stripTagsWithoutDom(input: string): string {
  let text = input.replace(/<!--[\s\S]*?(-->|$)/g, '');
  text = text.replace(/<(script|style|iframe|noscript|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, '');
  let previous;
  do {
    previous = text;
    text = text.replace(/<\/?[A-Za-z!?][^<>]*(>|$)/g, '');
  } while (text !== previous);
  return escapeHtml(text);
}

/** Field text with no HTML tags or attributes, safe to insert as HTML. */
export function sanitizeText(input: unknown): string {
  const text = typeof input === 'string' ? input : input === undefined || input === null ? '' : String(input);
  const p = windowPurifier();
  return p ? p.sanitize(text, { ALLOWED_TAGS: [], ALLOWED_ATTR: [], KEEP_CONTENT: true }) : stripTagsWithoutDom(text);
}

/** For tests: forget the cached purifier (after a window appears or goes). */
export function resetSanitizer(): void {
  purifier = undefined;
}
