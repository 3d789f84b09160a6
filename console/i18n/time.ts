import { formatDateTime as formatEngineDateTime } from '../../engine/format/relative-time';
import { currentLanguage } from '../../engine/i18n/i18n';
import { session } from '../../engine/session/user';

/** Where a time zone chosen before it was kept with the account is still read (until the user chooses again). */
export const TIMEZONE_KEY = 'system_timezone';

/** The browser's own time zone. */
export const browserTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The signed-in user's time zone (kept with the account), else one chosen in this browser before, else the browser's. */
export function systemTimezone(): string {
  return session.user?.time_zone || localStorage.getItem(TIMEZONE_KEY) || browserTimezone();
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
