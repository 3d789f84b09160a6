// A detail page: one item from an endpoint shown as a description list (its custom
// fields too, when the document asks for them), with actions.
import { lazy, Suspense } from 'react';
import { loadErrorText } from '../../engine/pages/load-error';
import type { Scope } from '../../engine/pages/template';
import type { PageDocument } from '../../engine/pages/types';
import { DashboardWidgets } from '../charts/DashboardWidgets';
import { ActionButtons } from './ActionButtons';
import { FieldList } from './FieldList';
import { useFormatContext } from './format-context';
import { useDetailItem } from './useDetailItem';
import { useNestedPage } from './nested-page';
import { useCustomColumns } from './useCustomColumns';
import { usePageAction } from './usePageAction';
import { t } from '../../engine/i18n/i18n';

const ItemMap = lazy(() => import('../map/ItemMap').then((m) => ({ default: m.ItemMap })));

interface Props {
  doc: PageDocument;
  name: string;
  scope: Scope;
  nested?: boolean;
}

export function DetailPage({ doc: page, name, scope, nested }: Props) {
  const doc = useCustomColumns(page);
  const { item, error, reload } = useDetailItem(page, scope);
  const ctx = useFormatContext();
  const runAction = usePageAction(reload);
  const Heading = nested ? 'h2' : 'h1';
  const NestedPage = useNestedPage();
  return (
    <section className="detail-page" aria-labelledby={`${name}-title`}>
      <header className="page-header">
        <Heading id={`${name}-title`}>{doc.title}</Heading>
        <ActionButtons
          actions={error === undefined ? doc.actions : undefined}
          disabled={!item}
          onRun={(action) => void runAction(action, { row: item, params: scope as Record<string, string | undefined> })}
        />
      </header>
      {error !== undefined && (
        <p role="alert" className="page-error">
          {loadErrorText(doc, error, t)}
        </p>
      )}
      {!item && error === undefined && <p aria-busy="true">{t('Loading…')}</p>}
      {item && doc.map && (
        <Suspense fallback={<p aria-busy="true">{t('Loading…')}</p>}>
          <ItemMap item={item} />
        </Suspense>
      )}
      {item && <FieldList fields={doc.fields} item={item} ctx={ctx} className="detail-list" />}
      {item && doc.widgets && <DashboardWidgets value={item[doc.widgets]} ctx={ctx} />}
      {/* Sections belong to the item: drawn once it is found, never under its 'not found' message. */}
      {item && doc.sections?.map((section) => <NestedPage key={section} name={section} nested />)}
    </section>
  );
}
