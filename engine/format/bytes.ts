// Byte sizes in units Bytes to TB, base 1024 (forms spec §9).
export const BYTE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;
const BASE = 1024;

export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes)) return '';
  if (bytes === 0) return '0 Bytes';
  const sign = bytes < 0 ? '-' : '';
  const abs = Math.abs(bytes);
  const exponent = Math.min(BYTE_UNITS.length - 1, Math.max(0, Math.floor(Math.log(abs) / Math.log(BASE))));
  const value = abs / BASE ** exponent;
  const rounded = exponent === 0 ? String(Math.round(value)) : String(Number(value.toFixed(decimals)));
  return `${sign}${rounded} ${BYTE_UNITS[exponent]}`;
}

/** Lower bound (inclusive) and upper bound (exclusive) of the data-credit MB rule. */
export const DATA_CREDIT_MB_MIN = 10240;
export const DATA_CREDIT_MB_MAX = 10 * BASE ** 3;

/** A data credit is shown in MB if between 10240 bytes and 10 GiB, otherwise in the fitting unit. */
export function formatDataCredit(bytes: number, decimals = 2): string {
  if (Number.isFinite(bytes) && bytes >= DATA_CREDIT_MB_MIN && bytes < DATA_CREDIT_MB_MAX) {
    return `${Number((bytes / BASE ** 2).toFixed(decimals))} MB`;
  }
  return formatBytes(bytes, decimals);
}
