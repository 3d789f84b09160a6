// A bar chart in SVG: bars grow from zero, x slots follow the calendar on a
// time axis, y ticks take round steps in the series' unit, values on hover.
import { useLayoutEffect, useRef, useState } from 'react';
import { labelStride, yScale } from '../../engine/pages/chart-scale';
import { t } from '../../engine/i18n/i18n';
import { formatValue, tickLabels } from '../../engine/pages/chart-data';
import { tooltipAt, type TooltipContent } from '../../engine/pages/chart-tooltip';
import type { ChartProps } from './chart-props';
import { ChartTooltip } from './ChartTooltip';

/** Width until the frame is measured (and in a test DOM without layout); then the frame's own width. */
const DEFAULT_W = 720;
/** Narrowest drawing: the y labels and a few bars still fit. */
const MIN_W = 280;
const H = 260;
const PAD = { top: 12, right: 12, bottom: 40, left: 84 };

type Props = ChartProps;

export function BarChart({ data, series, colorOf, title, ctx }: Props) {
  const [tip, setTip] = useState<TooltipContent>();
  // The chart fills its frame and is drawn again at its new width when the frame resizes (text stays 11 px).
  const frame = useRef<HTMLDivElement>(null);
  const [W, setW] = useState(DEFAULT_W);
  useLayoutEffect(() => {
    const el = frame.current!;
    const measure = () => el.clientWidth > 0 && setW(Math.max(MIN_W, Math.floor(el.clientWidth)));
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    return () => resize.disconnect();
  }, []);
  const scale = yScale(data.values.flat(), { fromZero: true, unit: series[0].formatter });
  const ticks = tickLabels(series[0], scale, ctx);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const band = plotW / Math.max(1, data.slotCount);
  const y = (v: number) => PAD.top + plotH - ((v - scale.min) / (scale.max - scale.min)) * plotH;
  const base = y(0);
  const every = labelStride(data.slotCount, plotW, Math.max(1, ...data.labels.map((l) => l.length)));
  const w = (band * 0.8) / series.length;
  const show = (i: number, left: number, top: number) =>
    setTip(tooltipAt({ data, series, colorOf, ctx }, i, left, top));
  return (
    <div ref={frame} className="chart-frame" onMouseLeave={() => setTip(undefined)}>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('{title} chart', { title })} className="page-chart">
        {scale.ticks.map((v, k) => (
          <g key={v} className="chart-y-tick">
            <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="currentColor" strokeOpacity="0.15" />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="currentColor">
              {ticks[k]}
            </text>
          </g>
        ))}
        <line x1={PAD.left} x2={W - PAD.right} y1={base} y2={base} stroke="currentColor" />
        {data.rows.map((_, i) => {
          const x0 = PAD.left + data.slots[i] * band;
          return (
            <g
              key={i}
              className="chart-bar-group"
              onMouseEnter={(e) => {
                const box = e.currentTarget.ownerSVGElement!.getBoundingClientRect();
                show(i, ((x0 + band / 2) / W) * box.width, (PAD.top / H) * box.height);
              }}
            >
              <rect x={x0} y={PAD.top} width={band} height={plotH} fill="transparent" />
              {series.map((s, si) => {
                const v = data.values[si][i];
                if (!Number.isFinite(v)) return null;
                return (
                  <rect
                    key={s.key}
                    className="chart-bar"
                    x={x0 + band * 0.1 + si * w}
                    y={Math.min(y(v), base)}
                    width={Math.max(1, w - 1)}
                    // A zero value still shows a hairline on the axis.
                    height={Math.max(1, Math.abs(base - y(v)))}
                    fill={colorOf(s)}
                  >
                    <title>{`${data.labels[i]} · ${s.title}: ${formatValue(s, v, ctx)}`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
        {data.rows.map((_, i) =>
          data.slots[i] % every === 0 ? (
            <text
              key={i}
              className="chart-x-label"
              x={PAD.left + data.slots[i] * band + band / 2}
              y={H - PAD.bottom + 20}
              textAnchor="middle"
              fontSize="11"
              fill="currentColor"
            >
              {data.labels[i]}
            </text>
          ) : null,
        )}
      </svg>
      <ChartTooltip tip={tip} />
    </div>
  );
}
