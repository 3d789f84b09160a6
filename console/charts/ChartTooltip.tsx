// The value box shown on hover: the x label (a <time> on time axes), then each series with its value.
import { formatValue, type ChartProps } from './chart-data';

export interface TooltipContent {
  left: number;
  top: number;
  title: string;
  /** ISO time of the hovered x on a time axis. */
  time?: string;
  lines: { color: string; label: string; value: string }[];
}

export function ChartTooltip({ tip }: { tip?: TooltipContent }) {
  if (!tip) return null;
  return (
    <div className="chart-tooltip" role="status" style={{ left: tip.left, top: tip.top }}>
      <strong>{tip.time ? <time dateTime={tip.time}>{tip.title}</time> : tip.title}</strong>
      {tip.lines.map((line) => (
        <span key={line.label}>
          <span className="swatch" style={{ background: line.color }} aria-hidden="true" />
          {line.label}: {line.value}
        </span>
      ))}
    </div>
  );
}

/** The tooltip of row `i` at (left, top) in the chart frame. */
export function tooltipAt(chart: Omit<ChartProps, 'title'>, i: number, left: number, top: number): TooltipContent {
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
