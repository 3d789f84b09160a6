// Byte sizes in units Bytes to TB, base 1024 (forms spec §9).
export const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;
const BASE = 1024;

/** A number in the locale's digits and decimal sign, at most `decimals` fraction digits, no grouping. */
export function localNumber(value: number, decimals: number, locale = 'en'): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: decimals, useGrouping: false }).format(value);
}

export function formatBytes(bytes: number, decimals = 2, locale = 'en'): string {
  if (!Number.isFinite(bytes)) return '';
  if (bytes === 0) return `${localNumber(0, 0, locale)} Bytes`;
  const sign = bytes < 0 ? '-' : '';
  const abs = Math.abs(bytes);
  const exponent = Math.min(BYTE_UNITS.length - 1, Math.max(0, Math.floor(Math.log(abs) / Math.log(BASE))));
  const value = abs / BASE ** exponent;
  const rounded = localNumber(exponent === 0 ? Math.round(value) : value, decimals, locale);
  return `${sign}${rounded} ${BYTE_UNITS[exponent]}`;
}

/** Lower bound (inclusive) and upper bound (exclusive) of the data-credit MB rule. */
export const DATA_CREDIT_MB_MIN = 10240;
export const DATA_CREDIT_MB_MAX = 10 * BASE ** 3;

/** A data credit is shown in MB if between 10240 bytes and 10 GiB, otherwise in the fitting unit. */
export function formatDataCredit(bytes: number, decimals = 2, locale = 'en'): string {
  if (Number.isFinite(bytes) && bytes >= DATA_CREDIT_MB_MIN && bytes < DATA_CREDIT_MB_MAX) {
    return `${localNumber(bytes / BASE ** 2, decimals, locale)} MB`;
  }
  return formatBytes(bytes, decimals, locale);
}
