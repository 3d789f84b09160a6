// Loads a page document by name and draws it with the renderer for its kind.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio/react';
import { pageForms } from '../../engine/pages/references';
import { loadPageDocument, prefetchDocuments } from '../../engine/schema/registry';
import { allowed } from '../../engine/pages/permissions';
import { expectContent, markContentShown } from '../../engine/pages/first-content';
import { translateDocument } from '../../engine/pages/translate';
import type { PageDocument } from '../../engine/pages/types';
import { session } from '../../engine/session/user';
import './pages.css';
import { t } from '../../engine/i18n/i18n';
import { headedByItemHeader } from '../../engine/routes/item-route';
import { ItemHeading, useItemRoute } from './ItemHeading';
import { NestedPageContext, type NestedPageProps } from './nested-page';

const ListPage = lazy(() => import('./ListPage').then((m) => ({ default: m.ListPage })));
const TabsPage = lazy(() => import('./TabsPage').then((m) => ({ default: m.TabsPage })));
const DetailPage = lazy(() => import('./DetailPage').then((m) => ({ default: m.DetailPage })));
const ChartPage = lazy(() => import('./ChartPage').then((m) => ({ default: m.ChartPage })));
const TreePage = lazy(() => import('./TreePage').then((m) => ({ default: m.TreePage })));
const PanelPage = lazy(() => import('./PanelPage').then((m) => ({ default: m.PanelPage })));

/** `title`: a heading in place of the document's own (a dashboard widget is headed by the widget's title). */
export function PageView({ name, nested, title }: NestedPageProps) {
  const params = useParams();
  const { user } = useSnapshot(session);
  const [doc, setDoc] = useState<PageDocument | null | undefined>(undefined);
  // A page inside a detail route (a device, a company, a hub ...) is headed by the item's name; its own title
  // becomes the subheading.
  const item = useItemRoute(nested ? undefined : name);
  useEffect(() => {
    let live = true;
    setDoc(undefined);
    void loadPageDocument(name).then((d) => {
      if (d) prefetchDocuments('forms', pageForms(d));
      if (live) setDoc(d ? translateDocument(d, t) : null);
    });
    return () => {
      live = false;
    };
  }, [name]);
  // A page document says when it has shown its content: a list once its rows are shown (useListPage), the other
  // pages once drawn, a missing document once its message is.
  useEffect(() => expectContent(), []);
  useEffect(() => {
    if (doc === null || (doc && doc.kind !== 'list')) markContentShown();
  }, [doc]);
  if (doc === undefined) return <p aria-busy="true">{t('Loading…')}</p>;
  if (doc === null) return <p role="alert">{t('Page “{name}” has no page document.', { name })}</p>;
  if (!allowed(user as Parameters<typeof allowed>[0], doc)) {
    return <p role="alert">{t('You do not have permission to view {title}.', { title: doc.title })}</p>;
  }
  const scope = { ...params };
  const props = { doc: title ? { ...doc, title } : doc, name, scope, nested: nested || !!item };
  const view = (
    <NestedPageContext.Provider value={PageView}>
      <Suspense fallback={<p aria-busy="true">{t('Loading…')}</p>}>
        {doc.kind === 'list' && <ListPage key={name} {...props} />}
        {doc.kind === 'tabs' && <TabsPage key={name} {...props} />}
        {doc.kind === 'detail' && <DetailPage key={name} {...props} />}
        {doc.kind === 'chart' && <ChartPage key={name} {...props} />}
        {doc.kind === 'panel' && <PanelPage key={name} {...props} />}
        {doc.kind === 'tree' && <TreePage key={name} {...props} />}
        {doc.kind !== 'detail' && doc.sections?.map((section) => <PageView key={section} name={section} nested />)}
      </Suspense>
    </NestedPageContext.Provider>
  );
  return item && !headedByItemHeader(item) ? (
    <ItemHeading chain={item} params={params}>
      {view}
    </ItemHeading>
  ) : (
    view
  );
}
