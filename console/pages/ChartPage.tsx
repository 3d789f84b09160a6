// A chart page: rows from an endpoint drawn as an SVG bar or line chart in the
// spec's palette, with the same data as a table for screen readers and keyboard users.
import { formatCell, type FormatContext } from '../../engine/format/formatters';
import { paletteColor } from '../../engine/format/palette';
import { readPath } from '../../engine/pages/template';
import { labelStride, seriesByUnit, yScale } from '../../engine/pages/chart-scale';
import type { PageChart, PageSeries } from '../../engine/pages/types';
import { useFormatContext } from './format-context';
import { t } from '../../engine/i18n/i18n';
import { LoadState, usePageRows, type PageProps } from './usePageRows';

const W = 720;
const H = 260;
const PAD = { top: 12, right: 12, bottom: 40, left: 84 };

function Chart(props: {
  chart: PageChart;
  series: PageSeries[];
  colorOf: (series: PageSeries) => string;
  rows: Record<string, unknown>[];
  title: string;
  ctx: FormatContext;
}) {
  const { chart, series, colorOf, rows, title, ctx } = props;
  const values = rows.map((row) => series.map((s) => Number(readPath(row, s.key))));
  const scale = yScale(values.flat());
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const band = plotW / Math.max(1, rows.length);
  const y = (v: number) => PAD.top + plotH - ((v - scale.min) / (scale.max - scale.min)) * plotH;
  // Bars grow from zero (or the nearest bound); lines sit on the bottom of the range.
  const base = chart.type === 'bar' ? y(Math.min(Math.max(0, scale.min), scale.max)) : y(scale.min);
  const labels = rows.map((row) => formatCell(chart.xFormatter, readPath(row, chart.x), row, ctx));
  const every = labelStride(rows.length, plotW, Math.max(1, ...labels.map((l) => l.length)));
  const unit = series[0].formatter ?? 'number';
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('{title} chart', { title })} className="page-chart">
      <line x1={PAD.left} x2={W - PAD.right} y1={base} y2={base} stroke="currentColor" />
      {scale.ticks.map((v) => (
        <text key={v} x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="11" fill="currentColor">
          {formatCell(unit, v, {}, ctx)}
        </text>
      ))}
      {chart.type === 'bar'
        ? values.map((vals, i) =>
            vals.map((v, s) => {
              if (!Number.isFinite(v)) return null;
              const w = (band * 0.8) / vals.length;
              return (
                <rect
                  key={`${i}-${s}`}
                  x={PAD.left + i * band + band * 0.1 + s * w}
                  y={Math.min(y(v), base)}
                  width={Math.max(1, w - 1)}
                  height={Math.abs(base - y(v))}
                  fill={colorOf(series[s])}
                >
                  <title>{`${labels[i]} · ${series[s].title}: ${formatCell(series[s].formatter ?? unit, v, {}, ctx)}`}</title>
                </rect>
              );
            }),
          )
        : series.map((s, si) => (
            <g key={s.key}>
              <polyline
                fill="none"
                stroke={colorOf(s)}
                strokeWidth="2"
                points={values
                  .map((vals, i) =>
                    Number.isFinite(vals[si]) ? `${PAD.left + i * band + band / 2},${y(vals[si])}` : '',
                  )
                  .filter(Boolean)
                  .join(' ')}
              />
              {values.map((vals, i) =>
                Number.isFinite(vals[si]) ? (
                  <circle key={i} cx={PAD.left + i * band + band / 2} cy={y(vals[si])} r="3" fill={colorOf(s)}>
                    <title>{`${labels[i]} · ${s.title}: ${formatCell(s.formatter ?? unit, vals[si], {}, ctx)}`}</title>
                  </circle>
                ) : null,
              )}
            </g>
          ))}
      {labels.map((label, i) =>
        i % every === 0 ? (
          <text
            key={i}
            className="chart-x-label"
            x={PAD.left + i * band + band / 2}
            y={H - PAD.bottom + 20}
            textAnchor="middle"
            fontSize="11"
            fill="currentColor"
          >
            {label}
          </text>
        ) : null,
      )}
    </svg>
  );
}

export function ChartPage({ doc, name, scope, nested }: PageProps) {
  const { rows, error } = usePageRows(doc, scope);
  const ctx = useFormatContext();
  const chart = doc.chart!;
  // One chart per unit: series in dBm and in °C never share an axis.
  const groups = seriesByUnit(chart.series);
  const colorOf = (series: PageSeries) => paletteColor(chart.series.indexOf(series));
  const Heading = nested ? 'h2' : 'h1';
  return (
    <section className="chart-page" aria-labelledby={`${name}-title`}>
      <Heading id={`${name}-title`}>{doc.title}</Heading>
      {doc.description && <p>{doc.description}</p>}
      <LoadState doc={doc} rows={rows} error={error} />
      {rows && rows.length > 0 && (
        <>
          <ul className="chart-legend" aria-label={t('Legend')}>
            {chart.series.map((s, i) => (
              <li key={s.key}>
                <span className="swatch" style={{ background: paletteColor(i) }} aria-hidden="true" />
                {s.title}
              </li>
            ))}
          </ul>
          {groups.map((group) => (
            <Chart
              key={group[0].key}
              chart={chart}
              series={group}
              colorOf={colorOf}
              rows={rows}
              ctx={ctx}
              title={groups.length > 1 ? `${doc.title}: ${group.map((s) => s.title).join(', ')}` : doc.title}
            />
          ))}
          <details>
            <summary>{t('Data table')}</summary>
            <div className="page-table-scroll">
              <table className="page-table">
                <caption>{doc.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{chart.x}</th>
                    {chart.series.map((s) => (
                      <th key={s.key} scope="col">
                        {s.title}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, i) => (
                    <tr key={i}>
                      <th scope="row">{formatCell(chart.xFormatter, readPath(row, chart.x), row, ctx)}</th>
                      {chart.series.map((s) => (
                        <td key={s.key}>{formatCell(s.formatter ?? 'number', readPath(row, s.key), row, ctx)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
