// Loads a page document by name and draws it with the renderer for its kind.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio/react';
import { loadPageDocument } from '../../engine/pages/registry';
import { allowed } from '../../engine/pages/permissions';
import type { PageDocument } from '../../engine/pages/types';
import { session } from '../../engine/session/user';
import './pages.css';

const ListPage = lazy(() => import('./ListPage').then((m) => ({ default: m.ListPage })));
const TabsPage = lazy(() => import('./TabsPage').then((m) => ({ default: m.TabsPage })));
const DetailPage = lazy(() => import('./DetailPage').then((m) => ({ default: m.DetailPage })));
const ChartPage = lazy(() => import('./ChartPage').then((m) => ({ default: m.ChartPage })));
const TreePage = lazy(() => import('./TreePage').then((m) => ({ default: m.TreePage })));
const PanelPage = lazy(() => import('./PanelPage').then((m) => ({ default: m.PanelPage })));

export function PageView({ name, nested }: { name: string; nested?: boolean }) {
  const params = useParams();
  const { user } = useSnapshot(session);
  const [doc, setDoc] = useState<PageDocument | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setDoc(undefined);
    void loadPageDocument(name).then((d) => live && setDoc(d ?? null));
    return () => {
      live = false;
    };
  }, [name]);
  if (doc === undefined) return <p aria-busy="true">Loading…</p>;
  if (doc === null) return <p role="alert">Page “{name}” has no page document.</p>;
  if (!allowed(user as Parameters<typeof allowed>[0], doc)) {
    return <p role="alert">You do not have permission to view {doc.title}.</p>;
  }
  const scope = { ...params };
  const props = { doc, name, scope, nested };
  return (
    <Suspense fallback={<p aria-busy="true">Loading…</p>}>
      {doc.kind === 'list' && <ListPage key={name} {...props} />}
      {doc.kind === 'tabs' && <TabsPage key={name} {...props} />}
      {doc.kind === 'detail' && <DetailPage key={name} {...props} />}
      {doc.kind === 'chart' && <ChartPage key={name} {...props} />}
      {doc.kind === 'panel' && <PanelPage key={name} {...props} />}
      {doc.kind === 'tree' && <TreePage key={name} {...props} />}
    </Suspense>
  );
}
