// A dashboard's widgets under its fields: value tiles with the device's current
// values, and chart pages drawn for the device in the route's scope.
import { Suspense } from 'react';
import { formatCell, type FormatContext } from '../../engine/format/formatters';
import { widgetsOf } from '../../engine/pages/chart-widgets';
import { t } from '../../engine/i18n/i18n';

import { useNestedPage } from '../pages/nested-page';

export function DashboardWidgets({ value, ctx }: { value: unknown; ctx: FormatContext }) {
  const PageView = useNestedPage();
  const widgets = widgetsOf(value);
  if (!widgets.length) return null;
  return (
    <ul className="dashboard-widgets" aria-label={t('Widgets')}>
      {widgets.map((w) =>
        w.type === 'value' ? (
          <li key={w.id} className="dashboard-widget widget-value">
            <span className="widget-title">{w.title}</span>
            <strong>{formatCell(w.formatter, w.value, {}, ctx) || '—'}</strong>
          </li>
        ) : (
          <li key={w.id} className="dashboard-widget widget-chart" aria-label={w.title}>
            <Suspense fallback={<p aria-busy="true">{t('Loading…')}</p>}>
              <PageView name={w.page} title={w.title} nested />
            </Suspense>
          </li>
        ),
      )}
    </ul>
  );
}
