// Input masks on imask with the spec's tokens (forms spec §3): # digit or space,
// * alphanumeric, S letter, F hex digit uppercased, A letter uppercased, a letter
// lowercased, ! escapes the next character. The same imask options drive the
// renderer's input (imaskOptions) and the pure function used in Node (applyMask).
import IMask, { type FactoryOpts } from 'imask';

export interface MaskToken {
  /** The characters the token admits (one character tested at a time). */
  pattern: RegExp;
  transform?: (c: string) => string;
}

const upper = (c: string) => c.toUpperCase();
const lower = (c: string) => c.toLowerCase();

export const MASK_TOKENS: Readonly<Record<string, MaskToken>> = {
  '#': { pattern: /[0-9 ]/ },
  '*': { pattern: /[A-Za-z0-9]/ },
  S: { pattern: /[A-Za-z]/ },
  F: { pattern: /[0-9A-Fa-f]/, transform: upper },
  A: { pattern: /[A-Za-z]/, transform: upper },
  a: { pattern: /[A-Za-z]/, transform: lower },
};

export const MASK_ESCAPE = '!';

export type MaskPart = { token: string } | { literal: string };

/** The mask as token and literal parts ('!' makes the next character literal). */
export function parseMask(mask: string): MaskPart[] {
  const parts: MaskPart[] = [];
  for (let i = 0; i < mask.length; i++) {
    const c = mask[i];
    if (c === MASK_ESCAPE && i + 1 < mask.length) parts.push({ literal: mask[++i] });
    else if (c in MASK_TOKENS) parts.push({ token: c });
    else parts.push({ literal: c });
  }
  return parts;
}

/** Characters imask's pattern syntax treats specially (its own definitions, blocks and escape). */
const IMASK_SPECIAL = new Set(['0', 'a', '*', '[', ']', '{', '}', '`', '\\', ...Object.keys(MASK_TOKENS)]);

/** The mask in imask pattern syntax (literals escaped with a backslash where needed). */
export function toImaskPattern(mask: string): string {
  return parseMask(mask)
    .map((p) => ('token' in p ? p.token : IMASK_SPECIAL.has(p.literal) ? `\\${p.literal}` : p.literal))
    .join('');
}

/** imask options for a field's mask: pass to IMask(element, imaskOptions(mask)) in the renderer. */
export function imaskOptions(mask: string): FactoryOpts {
  const definitions: Record<string, unknown> = {};
  for (const [char, token] of Object.entries(MASK_TOKENS)) {
    definitions[char] = token.transform ? { mask: token.pattern, prepareChar: token.transform } : token.pattern;
  }
  return { mask: toImaskPattern(mask), lazy: true, definitions } as FactoryOpts;
}

/** The masked text for typed or pasted input: invalid characters skipped, literals inserted, cases applied. */
export function applyMask(mask: string, input: string): string {
  const masked = IMask.createMask(imaskOptions(mask));
  masked.resolve(input);
  return masked.value;
}
