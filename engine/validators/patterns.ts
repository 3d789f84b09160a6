// The spec's text patterns (forms spec §5).

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
/** IPv4 dotted quad, each part 0-255 (no leading zeros, no surrounding text). */
export const IPV4_PATTERN = `^${OCTET}(?:\\.${OCTET}){3}$`;
const IPV4 = new RegExp(IPV4_PATTERN);

export function isIPv4(value: unknown): boolean {
  return typeof value === 'string' && IPV4.test(value);
}

/** Domain name: labels of 1-63 letters, digits or hyphens, no leading or trailing hyphen, TLD of 2-6 letters. */
export const DOMAIN_PATTERN = '^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,6}$';
const DOMAIN = new RegExp(DOMAIN_PATTERN);

export function isDomainName(value: unknown): boolean {
  return typeof value === 'string' && value.length <= 253 && DOMAIN.test(value);
}

/**
 * Base64url text (RFC 4648 §5): alphabet A-Z a-z 0-9 - _, optional = padding to a multiple of 4.
 * A length of 1 modulo 4 can never be produced by an encoder and is rejected.
 */
export function isBase64Url(value: unknown): boolean {
  if (typeof value !== 'string' || value.length === 0) return false;
  const unpadded = value.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]+$/.test(unpadded)) return false;
  if (unpadded.length % 4 === 1) return false;
  if (unpadded.length !== value.length) return value.length % 4 === 0;
  return true;
}

/** Digits only (used by the company data credit count). */
export function isDigits(value: unknown): boolean {
  return typeof value === 'string' && /^\d+$/.test(value);
}

/** Hex colour #RGB or #RRGGBB. */
export function isHexColor(value: unknown): boolean {
  return typeof value === 'string' && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value);
}

/**
 * A number as text the way an HTML number input writes one (a valid
 * floating-point number): no hexadecimal, binary or "Infinity" spellings,
 * which Number() would otherwise read.
 */
const DECIMAL_NUMBER = /^-?(?:\d+|\d*\.\d+)(?:[eE][-+]?\d+)?$/;

/** The number a decimal text stands for, or undefined for any other text. */
export function decimalNumber(text: string): number | undefined {
  return DECIMAL_NUMBER.test(text) && Number.isFinite(Number(text)) ? Number(text) : undefined;
}
