// The value box shown on hover: the x label, then each series with its value.
export interface TooltipContent {
  left: number;
  top: number;
  title: string;
  lines: { color: string; label: string; value: string }[];
}

export function ChartTooltip({ tip }: { tip?: TooltipContent }) {
  if (!tip) return null;
  return (
    <div className="chart-tooltip" role="status" style={{ left: tip.left, top: tip.top }}>
      <strong>{tip.title}</strong>
      {tip.lines.map((line) => (
        <span key={line.label}>
          <span className="swatch" style={{ background: line.color }} aria-hidden="true" />
          {line.label}: {line.value}
        </span>
      ))}
    </div>
  );
}
