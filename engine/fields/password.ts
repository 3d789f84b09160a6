// Password generator of the password field (forms spec §4, §9): 16 characters from
// crypto.getRandomValues, with at least one lower-case letter, upper-case letter,
// digit and symbol, drawn without modulo bias.
import { PASSWORD_LENGTH } from '../constants';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*()-_=+[]{}';
export const PASSWORD_CLASSES = [LOWER, UPPER, DIGITS, SYMBOLS] as const;
const ALL = PASSWORD_CLASSES.join('');

function randomIndex(n: number): number {
  const buf = new Uint32Array(1);
  const limit = Math.floor(0x100000000 / n) * n;
  for (;;) {
    globalThis.crypto.getRandomValues(buf);
    if (buf[0] < limit) return buf[0] % n;
  }
}

export function generatePassword(length: number = PASSWORD_LENGTH): string {
  if (length < PASSWORD_CLASSES.length) throw new RangeError('password too short');
  const chars = PASSWORD_CLASSES.map((set) => set[randomIndex(set.length)]);
  while (chars.length < length) chars.push(ALL[randomIndex(ALL.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
