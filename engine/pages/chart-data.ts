// The rows of a chart in the order and positions they are drawn: time axes
// ascending, each series' values as numbers, labels formatted in the console's
// language and timezone.
import { formatCell, type FormatContext } from '../format/formatters';
import { byteTickLabels, type YScale } from './chart-scale';
import { isTimeAxis, sortByTime, timeOf, timeSlots } from './chart-time';
import { readPath } from './template';
import type { PageChart, PageSeries } from './types';

type Row = Record<string, unknown>;

export interface ChartData {
  rows: Row[];
  /** True when x is a time: rows are in ascending time. */
  time: boolean;
  /** x of each row: its time in seconds (time axes) or its index. */
  xs: number[];
  labels: string[];
  /** Bar slot of each row: calendar months or days on a time axis (gaps stay gaps), else the index. */
  slots: number[];
  slotCount: number;
  /** values[series][row] */
  values: number[][];
}

export function chartData(chart: PageChart, series: PageSeries[], input: Row[], ctx: FormatContext): ChartData {
  const time = isTimeAxis(input.map((row) => readPath(row, chart.x)));
  const rows = time ? sortByTime(input, (row) => readPath(row, chart.x)) : input;
  const xs = rows.map((row, i) => (time ? timeOf(readPath(row, chart.x))! / 1000 : i));
  const { slots, count } = timeSlots(time ? rows.map((row) => readPath(row, chart.x)) : []);
  return {
    rows,
    slots: time ? slots : rows.map((_, i) => i),
    slotCount: time ? count : rows.length,
    time,
    xs,
    labels: rows.map((row) =>
      !chart.xFormatter && time
        ? timeLabel(String(readPath(row, chart.x)), ctx)
        : formatCell(chart.xFormatter, readPath(row, chart.x), row, ctx),
    ),
    values: series.map((s) => rows.map((row) => Number(readPath(row, s.key) ?? NaN))),
  };
}

/**
 * The chart of some of the series (one unit's): their values, and only the rows where one of them has a value,
 * so that a point hovered is one the device reported (a snapshot of other parameters is not a point of this chart).
 */
export function seriesData(data: ChartData, picks: number[]): ChartData {
  const keep = data.rows.map((_, i) => picks.some((si) => Number.isFinite(data.values[si][i])));
  const kept = <T>(list: T[]) => list.filter((_, i) => keep[i]);
  return {
    ...data,
    rows: kept(data.rows),
    xs: kept(data.xs),
    labels: kept(data.labels),
    slots: kept(data.slots),
    values: picks.map((si) => kept(data.values[si])),
  };
}

/** A time x without its own formatter: a month as "Nov 2025", a day as a date, in the console's language. */
function timeLabel(value: string, ctx: FormatContext): string {
  // Months and days name calendar periods, not instants: shown as written, with no timezone shift.
  const period: Intl.DateTimeFormatOptions | undefined = /^\d{4}-\d{2}$/.test(value)
    ? { month: 'short', year: 'numeric' }
    : /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? { dateStyle: 'medium' }
      : undefined;
  if (!period) return formatCell('dateTime', value, {}, ctx);
  return new Intl.DateTimeFormat(ctx.locale, { ...period, timeZone: 'UTC' }).format(timeOf(value));
}

/** Labels of the y ticks: byte axes in one unit, others through the series' formatter. */
export const tickLabels = (s: PageSeries, scale: YScale, ctx: FormatContext): string[] =>
  byteTickLabels(scale, s.formatter, ctx.locale) ?? scale.ticks.map((v) => formatValue(s, v, ctx));

/** A value in its series' unit, for axes and tooltips. */
export const formatValue = (s: PageSeries, value: number, ctx: FormatContext): string =>
  formatCell(s.formatter ?? 'number', value, {}, ctx);
