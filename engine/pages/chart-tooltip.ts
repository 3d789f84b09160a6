// The value box shown on hover: the x label (an ISO time on time axes), then each series with its value.
import type { FormatContext } from '../format/formatters';
import { formatValue, type ChartData } from './chart-data';
import type { PageSeries } from './types';

export interface TooltipContent {
  left: number;
  top: number;
  title: string;
  /** ISO time of the hovered x on a time axis. */
  time?: string;
  lines: { color: string; label: string; value: string }[];
}

interface TooltipChart {
  data: ChartData;
  series: PageSeries[];
  colorOf: (series: PageSeries) => string;
  ctx: FormatContext;
}

/** The tooltip of row `i` at (left, top) in the chart frame. */
export function tooltipAt(chart: TooltipChart, i: number, left: number, top: number): TooltipContent {
  const { data, series, colorOf, ctx } = chart;
  return {
    left,
    top,
    title: data.labels[i],
    time: data.time ? new Date(data.xs[i] * 1000).toISOString() : undefined,
    lines: series.map((s, si) => ({
      color: colorOf(s),
      label: s.title,
      value: formatValue(s, data.values[si][i], ctx),
    })),
  };
}
