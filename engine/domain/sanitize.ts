// The sanitiser of field text (forms spec §5): no HTML tags or attributes at all;
// and the announcement body sanitiser (HTML without styles).
// The result is PLAIN TEXT: render it as text (React escapes it), or pass it through
// sanitizeToHtml to insert it as HTML. With a window (browser, jsdom) DOMPurify
// removes the markup with an empty allow-list and the text content is returned;
// without one (the Node server) a conservative fallback removes comments,
// script/style bodies and every tag, then decodes the basic entities.
import DOMPurify from 'dompurify';

type Purifier = { sanitize(source: string, config: Record<string, unknown>): unknown };
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

const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** Removes every tag without a DOM: comments, script/style bodies, then any <...> left; decodes basic entities. */
export function stripTagsWithoutDom(input: string): string {
  let text = input.replace(/<!--[\s\S]*?(-->|$)/g, '');
  text = text.replace(/<(script|style|iframe|noscript|template)\b[\s\S]*?(<\/\1\s*>|$)/gi, '');
  let previous;
  do {
    previous = text;
    text = text.replace(/<\/?[A-Za-z!?][^<>]*(>|$)/g, '');
  } while (text !== previous);
  return text.replace(/&(lt|gt|quot|#39|amp);/g, (m) => ENTITIES[m]);
}

/** Field text with no HTML tags or attributes, as plain text. */
export function sanitizeText(input: unknown): string {
  const text = typeof input === 'string' ? input : input === undefined || input === null ? '' : String(input);
  const p = windowPurifier();
  if (!p) return stripTagsWithoutDom(text);
  const fragment = p.sanitize(text, {
    ALLOWED_TAGS: [],
    ALLOWED_ATTR: [],
    KEEP_CONTENT: true,
    RETURN_DOM_FRAGMENT: true,
  }) as { textContent: string | null };
  return fragment.textContent ?? '';
}

/**
 * Announcement bodies are HTML (forms spec §2): DOMPurify's HTML profile
 * without `<style>` elements or `style` attributes (no CSS from the server can
 * restyle or overlay the console). Without a window only the escaped text is left.
 */
export function sanitizeAnnouncementHtml(input: string): string {
  const p = windowPurifier();
  if (!p) return escapeHtml(stripTagsWithoutDom(input));
  return String(p.sanitize(input, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style'], FORBID_ATTR: ['style'] }));
}

/** The sanitised text escaped for insertion as HTML. */
export function sanitizeToHtml(input: unknown): string {
  return escapeHtml(sanitizeText(input));
}

/** For tests: forget the cached purifier (after a window appears or goes). */
export function resetSanitizer(): void {
  purifier = undefined;
}
