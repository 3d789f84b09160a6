// The HTML sanitiser (announcement bodies, forms spec §2, and tooltips marked as
// HTML, §5): DOMPurify with a window (browser, jsdom); without one only the
// escaped text is left.
// Field text has its own rule, no HTML at all (engine/fields/text.ts).
import DOMPurify from 'dompurify';
import { stripTags } from '../fields/text';

type Purifier = { sanitize(source: string, config: Record<string, unknown>): unknown };
let purifier: Purifier | null | undefined;

function windowPurifier(): Purifier | null {
  if (purifier === undefined) {
    const win = (globalThis as { window?: unknown }).window;
    purifier = win ? (DOMPurify as unknown as (w: unknown) => Purifier)(win) : null;
  }
  return purifier;
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * HTML the console shows as markup (announcement bodies, tooltips marked as HTML):
 * DOMPurify's HTML profile without `<style>` elements or `style` attributes (no CSS
 * from the server can restyle or overlay the console). Without a window only the
 * escaped text is left.
 */
export function sanitizeHtml(input: string): string {
  const p = windowPurifier();
  if (!p) return escapeHtml(stripTags(input));
  return String(p.sanitize(input, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style'], FORBID_ATTR: ['style'] }));
}

/** For tests: forget the cached purifier (after a window appears or goes). */
export function resetSanitizer(): void {
  purifier = undefined;
}
