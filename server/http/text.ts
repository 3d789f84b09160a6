import { invalid } from './envelope';

// Text the server accepts (in bodies, query parameters and multipart fields):
// well-formed Unicode (no lone surrogate, which would be stored garbled) and
// no NUL character (PostgreSQL refuses it in text columns and SQLite's text
// search stops at it).

/** Whether a string is text the server can store and search. */
export function isAcceptableText(text: string): boolean {
  return text.isWellFormed() && !text.includes('\u0000');
}

/** The 422 on the parameter or field `source` for text that is not acceptable. */
export const badText = (source: string) => invalid([source, `The ${source} contains characters that are not allowed.`]);

/** 422 on the parameter or field `source` unless the string is acceptable text. */
export function assertText(text: string, source: string): void {
  if (!isAcceptableText(text)) throw badText(source);
}

/**
 * The JSON path (dots, as sources are spelled) of the first string key or
 * value in a parsed body that is not acceptable text, or undefined. Walks
 * without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function findBadText(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isAcceptableText(item)) return path;
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isAcceptableText(key)) return path;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}
