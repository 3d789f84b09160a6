import { invalid } from './envelope';

// Date range parameters of the RMS API: the vendor's `Y-m-d H:i:s` (UTC),
// or a whole day as `Y-m-d`.

export const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/**
 * A range bound as a timestamp: its moment, or (`end`) just after it: the
 * next day for a whole day, the next second for a time. A 422 on the
 * parameter for a value that is no date a calendar has.
 */
export function bound(value: string, source: string, end = false): number {
  const [date, time = '00:00:00'] = value.split(' ');
  const at = Date.parse(`${date}T${time}.000Z`);
  if (!DATE.test(value) || Number.isNaN(at) || new Date(at).toISOString() !== `${date}T${time}.000Z`) {
    throw invalid([source, `The ${source} is not a valid date.`]);
  }
  return end ? at + (value.includes(' ') ? 1000 : 86_400_000) : at;
}

export const iso = (at: number) => new Date(at).toISOString();

/** The ISO range [from, to) of start_date and end_date; a 422 when the end comes before the start. */
export function dateRange(query: { start_date: string; end_date: string }): [string, string] {
  const from = bound(query.start_date, 'start_date');
  const to = bound(query.end_date, 'end_date', true);
  if (to <= from) throw invalid(['end_date', 'The end_date must be after the start_date.']);
  return [iso(from), iso(to)];
}
