// A tab container over page documents; the chosen tab lives in the URL (?tab=).
import { useSearchParams } from 'react-router-dom';
import type { Scope } from '../../engine/pages/template';
import type { PageDocument } from '../../engine/pages/types';
import { useAllowed } from './ActionButtons';
import { useNestedPage } from './nested-page';

export function TabsPage({ doc, name, nested }: { doc: PageDocument; name: string; scope: Scope; nested?: boolean }) {
  const PageView = useNestedPage();
  const [params, setParams] = useSearchParams();
  const tabs = useAllowed(doc.tabs);
  const current =
    tabs.find((t) => t.key === params.get('tab')) ?? tabs.find((t) => t.key === doc.defaultTab) ?? tabs[0];
  const Heading = nested ? 'h2' : 'h1';
  const select = (key: string) => setParams(new URLSearchParams({ tab: key }));
  const onKeyDown = (e: React.KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    const next = tabs[(index + delta + tabs.length) % tabs.length];
    select(next.key);
    document.getElementById(`${name}-tab-${next.key}`)?.focus();
  };
  return (
    <section className="tabs-page" aria-labelledby={`${name}-title`}>
      <Heading id={`${name}-title`}>{doc.title}</Heading>
      <div role="tablist" aria-label={doc.title} className="page-tabs">
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            id={`${name}-tab-${tab.key}`}
            role="tab"
            type="button"
            aria-selected={tab === current}
            aria-controls={`${name}-panel`}
            tabIndex={tab === current ? 0 : -1}
            onClick={() => select(tab.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {current && (
        <div role="tabpanel" id={`${name}-panel`} aria-labelledby={`${name}-tab-${current.key}`}>
          <PageView key={current.page} name={current.page} nested />
        </div>
      )}
    </section>
  );
}
