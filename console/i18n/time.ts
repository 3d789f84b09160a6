import { currentLanguage } from '../../engine/i18n/i18n';

export const TIMEZONE_KEY = 'system_timezone';

/** The chosen system timezone, or the browser's. */
export function systemTimezone(): string {
  return localStorage.getItem(TIMEZONE_KEY) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function formatDateTime(value: string | number | Date, timeZone = systemTimezone()): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

export function formatClock(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(currentLanguage(), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone,
  }).format(date);
}
