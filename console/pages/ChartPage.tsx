// A chart page: rows from an endpoint drawn as an SVG bar or line chart in the
// spec's palette, with the same data as a table for screen readers and keyboard users.
import { useEffect, useState } from 'react';
import { formatCell } from '../../engine/format/formatters';
import { paletteColor } from '../../engine/format/palette';
import { fetchRows } from '../../engine/pages/fetch-list';
import { readPath, type Scope } from '../../engine/pages/template';
import type { PageChart, PageDocument } from '../../engine/pages/types';
import { useFormatContext } from './format-context';
import { t } from '../../engine/i18n/i18n';

const W = 720;
const H = 260;
const PAD = { top: 12, right: 12, bottom: 40, left: 84 };

function Chart({ chart, rows, title }: { chart: PageChart; rows: Record<string, unknown>[]; title: string }) {
  const values = rows.map((row) => chart.series.map((s) => Number(readPath(row, s.key)) || 0));
  const max = Math.max(1, ...values.flat());
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const band = plotW / Math.max(1, rows.length);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const label = (row: Record<string, unknown>) => formatCell(chart.xFormatter, readPath(row, chart.x), row, {});
  const every = Math.max(1, Math.ceil(rows.length / 12));
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('{title} chart', { title })} className="page-chart">
      <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} stroke="currentColor" />
      {[0, 0.5, 1].map((f) => (
        <text key={f} x={PAD.left - 6} y={y(max * f) + 4} textAnchor="end" fontSize="11">
          {formatCell(chart.series[0].formatter ?? 'number', Math.round(max * f), {}, {})}
        </text>
      ))}
      {chart.type === 'bar'
        ? values.map((vals, i) =>
            vals.map((v, s) => {
              const w = (band * 0.8) / vals.length;
              return (
                <rect
                  key={`${i}-${s}`}
                  x={PAD.left + i * band + band * 0.1 + s * w}
                  y={y(v)}
                  width={Math.max(1, w - 1)}
                  height={y(0) - y(v)}
                  fill={paletteColor(s)}
                />
              );
            }),
          )
        : chart.series.map((s, si) => (
            <polyline
              key={s.key}
              fill="none"
              stroke={paletteColor(si)}
              strokeWidth="2"
              points={values.map((vals, i) => `${PAD.left + i * band + band / 2},${y(vals[si])}`).join(' ')}
            />
          ))}
      {rows.map((row, i) =>
        i % every === 0 ? (
          <text key={i} x={PAD.left + i * band + band / 2} y={H - PAD.bottom + 16} textAnchor="middle" fontSize="11">
            {label(row)}
          </text>
        ) : null,
      )}
    </svg>
  );
}

export function ChartPage({
  doc,
  name,
  scope,
  nested,
}: {
  doc: PageDocument;
  name: string;
  scope: Scope;
  nested?: boolean;
}) {
  const [rows, setRows] = useState<Record<string, unknown>[] | undefined>();
  const [error, setError] = useState<string>();
  const ctx = useFormatContext();
  const scopeKey = JSON.stringify(scope);
  useEffect(() => {
    const controller = new AbortController();
    fetchRows(doc, JSON.parse(scopeKey) as Scope, controller.signal).then(
      (data) => setRows(data.rows),
      (e: unknown) => !controller.signal.aborted && setError(e instanceof Error ? e.message : String(e)),
    );
    return () => controller.abort();
  }, [doc, scopeKey]);
  const chart = doc.chart!;
  const Heading = nested ? 'h2' : 'h1';
  return (
    <section className="chart-page" aria-labelledby={`${name}-title`}>
      <Heading id={`${name}-title`}>{doc.title}</Heading>
      {doc.description && <p>{doc.description}</p>}
      {error && (
        <p role="alert" className="page-error">
          {doc.error ?? t('Failed to load.')} {error}
        </p>
      )}
      {!rows && !error && <p aria-busy="true">{t('Loading…')}</p>}
      {rows && rows.length === 0 && <p className="page-empty">{doc.empty ?? t('No data')}</p>}
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
          <Chart chart={chart} rows={rows} title={doc.title} />
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
