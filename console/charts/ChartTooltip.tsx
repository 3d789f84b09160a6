// The value box shown on hover: the x label (a <time> on time axes), then each series with its value.
import type { TooltipContent } from '../../engine/pages/chart-tooltip';

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
