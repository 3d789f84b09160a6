// Labels of a time axis in the console's language and System timezone: clock
// times for steps under a day (with the date where the day changes), dates for longer steps.
import type { FormatContext } from '../format/formatters';

const DAY_S = 86_400;

export function timeAxisLabels(splits: number[], increment: number, ctx: FormatContext): string[] {
  const zone = { timeZone: ctx.timeZone };
  const day = new Intl.DateTimeFormat(ctx.locale, { ...zone, day: 'numeric', month: 'short' });
  const clock = new Intl.DateTimeFormat(ctx.locale, { ...zone, hour: '2-digit', minute: '2-digit' });
  const month = new Intl.DateTimeFormat(ctx.locale, { ...zone, month: 'short', year: 'numeric' });
  let previousDay = '';
  return splits.map((s) => {
    const date = new Date(s * 1000);
    if (increment >= 28 * DAY_S) return month.format(date);
    if (increment >= DAY_S) return day.format(date);
    const thisDay = day.format(date);
    const label = thisDay === previousDay ? clock.format(date) : `${clock.format(date)}\n${thisDay}`;
    previousDay = thisDay;
    return label;
  });
}
