// A line chart drawn by uPlot (loaded on first use, so it stays out of the entry
// chunk): x placed by time, ascending; y ticks from the engine's round steps;
// the hovered values in a tooltip.
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { yScale } from '../../engine/pages/chart-scale';
import { t } from '../../engine/i18n/i18n';
import { tickLabels } from '../../engine/pages/chart-data';
import { timeAxisLabels } from '../../engine/pages/chart-time-labels';
import { tooltipAt, type TooltipContent } from '../../engine/pages/chart-tooltip';
import type { ChartProps } from './chart-props';
import { ChartTooltip } from './ChartTooltip';

const H = 260;

type Props = ChartProps;

type UPlotClass = typeof uPlot;

function options(
  UPlot: UPlotClass,
  props: Props,
  frame: HTMLElement,
  onTip: (tip?: TooltipContent) => void,
): uPlot.Options {
  const { data, series, colorOf, ctx } = props;
  const scale = yScale(data.values.flat(), { unit: series[0].formatter });
  // Colours follow the theme at every redraw (canvas does not inherit CSS).
  const ink = () => getComputedStyle(frame).color;
  const grid = () => getComputedStyle(frame).getPropertyValue('--border').trim() || 'rgba(128,128,128,0.3)';
  const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  return {
    width: frame.clientWidth || 720,
    height: H,
    legend: { show: false },
    scales: { x: { time: data.time }, y: { range: () => [scale.min, scale.max] } },
    tzDate: ctx.timeZone ? (ts) => UPlot.tzDate(new Date(ts * 1000), ctx.timeZone!) : undefined,
    series: [
      {},
      ...series.map((s) => ({ label: s.title, stroke: colorOf(s), width: 2, points: { show: true, size: 5 } })),
    ],
    axes: [
      {
        ...axis,
        // Room for a clock time and its date under it.
        space: 90,
        values: (_u, splits, _i, _space, increment) =>
          data.time ? timeAxisLabels(splits, increment, ctx) : splits.map((s) => data.labels[s] ?? ''),
      },
      {
        ...axis,
        size: 84,
        splits: () => scale.ticks,
        // The splits are the scale's ticks, so their labels line up one to one.
        values: () => tickLabels(series[0], scale, ctx),
      },
    ],
    hooks: {
      setCursor: [
        (u) => {
          const i = u.cursor.idx;
          if (i === null || i === undefined) return onTip(undefined);
          onTip(
            tooltipAt(props, i, u.over.offsetLeft + (u.cursor.left ?? 0) + 12, u.over.offsetTop + (u.cursor.top ?? 0)),
          );
        },
      ],
    },
  };
}

export function TimeChart(props: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const [tip, setTip] = useState<TooltipContent>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = frame.current!;
    let plot: uPlot | undefined;
    let live = true;
    const observers: { disconnect(): void }[] = [];
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (!live) return;
        const { data } = props;
        plot = new UPlot(options(UPlot, props, el, setTip), [data.xs, ...data.values], el);
        const resize = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: H }));
        resize.observe(el);
        const theme = new MutationObserver(() => plot?.redraw(false, true));
        theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
        observers.push(resize, theme);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      observers.forEach((o) => o.disconnect());
      plot?.destroy();
    };
    // The chart is rebuilt when its data changes; colour and format come from the same props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.data, props.series]);
  return (
    <div className="chart-frame" onMouseLeave={() => setTip(undefined)}>
      <div ref={frame} className="time-chart" role="img" aria-label={t('{title} chart', { title: props.title })} />
      {failed && <p role="alert">{t('The chart could not be drawn; the data table below has every value.')}</p>}
      <ChartTooltip tip={tip} />
    </div>
  );
}
