import { formatDateTime as formatEngineDateTime } from '../../engine/format/relative-time';
import { currentLanguage } from '../../engine/i18n/i18n';

export const TIMEZONE_KEY = 'system_timezone';

/** The chosen system timezone, or the browser's. */
export function systemTimezone(): string {
  return localStorage.getItem(TIMEZONE_KEY) ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** A date in the console's one date style (engine/format), the chosen language and System timezone. */
export function formatDateTime(value: string | number | Date, timeZone = systemTimezone()): string {
  return formatEngineDateTime(value, currentLanguage(), timeZone) || String(value);
}

export function formatClock(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(currentLanguage(), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZone,
  }).format(date);
}
