// A chart page: rows from an endpoint drawn as bars (SVG) or time lines (uPlot)
// in the spec's palette, with the same data as a table for screen readers and keyboard users.
import { useMemo } from 'react';
import { paletteColor } from '../../engine/format/palette';
import { seriesByUnit } from '../../engine/pages/chart-scale';
import type { PageSeries } from '../../engine/pages/types';
import { t } from '../../engine/i18n/i18n';
import { BarChart } from '../charts/BarChart';
import { chartData, formatValue, seriesData } from '../../engine/pages/chart-data';
import { TimeChart } from '../charts/TimeChart';
import { useFormatContext } from './format-context';
import { LoadState, usePageRows, type PageProps } from './usePageRows';

export function ChartPage({ doc, name, scope, nested }: PageProps) {
  const { rows, error } = usePageRows(doc, scope);
  const ctx = useFormatContext();
  const chart = doc.chart!;
  // One chart per unit: series in dBm and in °C never share an axis.
  const groups = useMemo(() => seriesByUnit(chart.series), [chart]);
  const all = useMemo(() => rows && chartData(chart, chart.series, rows, ctx), [chart, rows, ctx]);
  // Each unit's chart gets its own series' values, built once per load so a chart is drawn once.
  const drawn = useMemo(
    () =>
      all &&
      groups.map((group) =>
        seriesData(
          all,
          group.map((s) => chart.series.indexOf(s)),
        ),
      ),
    [all, groups, chart],
  );
  const colorOf = (series: PageSeries) => paletteColor(chart.series.indexOf(series));
  const Heading = nested ? 'h2' : 'h1';
  const Draw = chart.type === 'line' ? TimeChart : BarChart;
  return (
    <section className="chart-page" aria-labelledby={`${name}-title`}>
      <Heading id={`${name}-title`}>{doc.title}</Heading>
      {doc.description && <p>{doc.description}</p>}
      <LoadState doc={doc} rows={rows} error={error} />
      {all && all.rows.length > 0 && (
        <>
          <ul className="chart-legend" aria-label={t('Legend')}>
            {chart.series.map((s, i) => (
              <li key={s.key}>
                <span className="swatch" style={{ background: paletteColor(i) }} aria-hidden="true" />
                {s.title}
              </li>
            ))}
          </ul>
          {groups.map((group, gi) => (
            <Draw
              key={group[0].key}
              data={drawn![gi]}
              series={group}
              colorOf={colorOf}
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
                    <th scope="col">{chart.xTitle ?? chart.x}</th>
                    {chart.series.map((s) => (
                      <th key={s.key} scope="col">
                        {s.title}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {all.rows.map((_, i) => (
                    <tr key={i}>
                      <th scope="row">{all.labels[i]}</th>
                      {chart.series.map((s, si) => (
                        <td key={s.key}>{formatValue(s, all.values[si][i], ctx)}</td>
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
