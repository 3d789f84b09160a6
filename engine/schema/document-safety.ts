// Documents are data, never code: texts carry no HTML, links no script URLs, and a
// document has a bounded size. Functions are referenced by registered name only (the
// cross-checks); this module is the rest of "safe by construction".
import type { CheckProblem } from './check-document';

/** The largest document text accepted, in characters (the largest built-in is ~30 KB). */
export const MAX_DOCUMENT_CHARS = 256 * 1024;

/** How deep a document may nest objects and arrays (the deepest built-in nests 7 levels). */
export const MAX_DOCUMENT_DEPTH = 32;

/** The nesting depth of a JSON value, counted without recursion (so no depth can overflow the stack). */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (!item || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_DOCUMENT_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The problem of a document nested too deeply to check, if it is. */
export function depthProblem(value: unknown): CheckProblem | undefined {
  return nestingDepth(value) > MAX_DOCUMENT_DEPTH
    ? { pointer: '/', message: `a document nests objects and arrays at most ${MAX_DOCUMENT_DEPTH} levels deep` }
    : undefined;
}

/** Keys whose strings are regular expressions or masks, not texts shown to anyone. */
const NON_TEXT_KEYS = new Set(['pattern', 'mask', '$schema']);
const LINK_KEYS = new Set(['href', 'link']);
const HTML = /<\/?[a-z!?][^>]*>|&#?\w+;/i;
const SAFE_LINK = /^(\/(?!\/)|https?:\/\/|\{)/i;

const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

function walk(value: unknown, pointer: string, key: string, out: CheckProblem[]): void {
  if (typeof value === 'string') {
    if (LINK_KEYS.has(key) && !SAFE_LINK.test(value))
      out.push({ pointer, message: 'a link is a path (/…) or an http(s) URL' });
    else if (!NON_TEXT_KEYS.has(key) && HTML.test(value))
      out.push({ pointer, message: 'texts are plain text: no HTML tags or entities' });
    return;
  }
  if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${pointer}/${i}`, key, out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) walk(v, `${pointer}/${escapePointer(k)}`, k, out);
}

/** Problems that make a document unsafe to publish, each at its JSON pointer. */
export function checkDocumentSafety(doc: unknown, size: number): CheckProblem[] {
  const out: CheckProblem[] = [];
  if (size > MAX_DOCUMENT_CHARS)
    out.push({ pointer: '/', message: `a document has at most ${MAX_DOCUMENT_CHARS} characters` });
  walk(doc, '', '', out);
  return out;
}
