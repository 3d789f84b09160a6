// Relative times through Intl.RelativeTimeFormat with the thresholds of the
// usual date library (day.js / moment): 45 s, 45 min, 22 h, 26 d, 11 months.
type Unit = Intl.RelativeTimeFormatUnit;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30.4375 * DAY;
const YEAR = 365.25 * DAY;

const steps: { below: number; unit: Unit; size: number }[] = [
  { below: 45 * SECOND, unit: 'second', size: SECOND },
  { below: 45 * MINUTE, unit: 'minute', size: MINUTE },
  { below: 22 * HOUR, unit: 'hour', size: HOUR },
  { below: 26 * DAY, unit: 'day', size: DAY },
  { below: 11 * MONTH, unit: 'month', size: MONTH },
  { below: Infinity, unit: 'year', size: YEAR },
];

/** The RMS API's `Y-m-d H:i:s` timestamps (no zone): UTC. */
const API_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/** A Date from a Date, unix seconds or milliseconds, an ISO 8601 string or an API `Y-m-d H:i:s` (UTC) string. */
export function toDate(value: unknown): Date | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') return new Date(value < 1e12 ? value * 1000 : value);
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const api = API_TIMESTAMP.exec(value.trim());
  const date = new Date(api ? `${api[1]}T${api[2]}Z` : value.replace(/^(\d{4}-\d{2}-\d{2}) (?=\d)/, '$1T'));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function relativeParts(date: Date, now: Date): { value: number; unit: Unit } {
  const diff = date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  const step = steps.find((s) => abs < s.below) ?? steps[steps.length - 1];
  const amount = Math.max(step.unit === 'second' ? 0 : 1, Math.round(abs / step.size));
  return { value: diff < 0 ? -amount : amount, unit: step.unit };
}

export function formatRelativeTime(value: unknown, now: Date = new Date(), locale = 'en'): string {
  const date = toDate(value);
  if (!date) return '';
  const { value: amount, unit } = relativeParts(date, now);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(amount, unit);
}

/** The one date style of the console: medium date, short time, in the chosen language and time zone. */
export function formatDateTime(value: unknown, locale = 'en-GB', timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}
