// Time on a chart's x axis: which x values are times, rows in ascending time
// order, and calendar slots for bars (a month or a day each, so a missing
// month leaves a gap instead of pulling its neighbours together).

const MONTH = /^(\d{4})-(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const DAY_MS = 86_400_000;
const MAX_SLOTS = 400;

/** Milliseconds since the epoch of an ISO month, day or date-time; undefined for anything else. */
export function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const month = MONTH.exec(value);
  if (month) return Date.UTC(Number(month[1]), Number(month[2]) - 1, 1);
  if (!DAY.test(value) && !DATE_TIME.test(value)) return undefined;
  const ms = Date.parse(DAY.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** True when every present x value is a time (and there is at least one). */
export function isTimeAxis(values: unknown[]): boolean {
  const present = values.filter((v) => v !== null && v !== undefined && v !== '');
  return present.length > 0 && present.every((v) => timeOf(v) !== undefined);
}

/** Rows in ascending time of `read(row)`; rows without a time keep their order after the timed ones. */
export function sortByTime<T>(rows: readonly T[], read: (row: T) => unknown): T[] {
  const keyed = rows.map((row, i) => ({ row, i, t: timeOf(read(row)) ?? Infinity }));
  keyed.sort((a, b) => a.t - b.t || a.i - b.i);
  return keyed.map((k) => k.row);
}

/**
 * The slot of each x value on a calendar axis: months count months from the first, days count days, other
 * times count their smallest gap. `count` is the number of slots from the first to the last value.
 */
export function timeSlots(values: unknown[]): { slots: number[]; count: number } {
  const times = values.map((v) => timeOf(v) ?? NaN);
  if (!times.length || times.some((t) => !Number.isFinite(t))) {
    return { slots: values.map((_, i) => i), count: values.length };
  }
  const first = Math.min(...times);
  const sorted = [...new Set(times)].sort((x, y) => x - y);
  const gaps = sorted.slice(1).map((x, i) => x - sorted[i]);
  const unit = values.every((v) => DAY.test(String(v))) ? DAY_MS : Math.min(DAY_MS, ...gaps);
  const monthsFrom = (t: number) => {
    const a = new Date(first);
    const b = new Date(t);
    return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
  };
  const monthly = values.every((v) => MONTH.test(String(v)));
  const slots = times.map((t) => (monthly ? monthsFrom(t) : Math.round((t - first) / unit)));
  const count = Math.max(...slots) + 1;
  // Irregular times far apart would leave bars too thin to see: then each keeps its own slot, in time order.
  if (count > MAX_SLOTS) {
    const rank = new Map(sorted.map((t, i) => [t, i]));
    return { slots: times.map((t) => rank.get(t)!), count: sorted.length };
  }
  return { slots, count };
}
