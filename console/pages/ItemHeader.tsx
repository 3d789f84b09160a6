// The header of a tabbed detail route (the device and company pages): a route marked
// `header` shows the detail document of its own name above its tabs — the item's
// name, its facts (live when the document says so; its custom fields when it asks
// for them, as a detail page shows them) and the actions the user may take. A deleted item leaves for the route's list; a missing one (404) is
// reported to the layout, which then shows no tabs to a page that is not there.
// On a narrow screen the first actions stay buttons and the rest go into a
// "More actions" menu, so the header keeps to one or two rows on a phone.
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { t } from '../../engine/i18n/i18n';
import { loadErrorText } from '../../engine/pages/load-error';
import { loadPageDocument } from '../../engine/schema/registry';
import { translateDocument } from '../../engine/pages/translate';
import type { PageAction, PageDocument } from '../../engine/pages/types';
import { ActionButtons, useAllowed } from './ActionButtons';
import { ActionMenu } from './ActionMenu';
import { FieldList } from './FieldList';
import { DeviceConnect } from './DeviceConnect';
import { useFormatContext } from './format-context';
import { useCustomColumns } from './useCustomColumns';
import { useDetailItem } from './useDetailItem';
import { useMediaQuery } from './useMediaQuery';
import { usePageAction } from './usePageAction';
import './item-header.css';

/** Parts a header shows beside its document's actions, by page name. */
const EXTRAS: Record<string, ComponentType<{ item: Record<string, unknown> }>> = { 'device.detail': DeviceConnect };

/** Below this width only the first PRIMARY actions stay buttons. */
const NARROW = '(max-width: 48rem)';
const PRIMARY = 2;

interface HeaderProps {
  page: string;
  listPath: string;
  /** Told whether the item is missing (its endpoint answered 404). */
  onMissing?: (missing: boolean) => void;
}

export function ItemHeader({ page, listPath, onMissing }: HeaderProps) {
  const [doc, setDoc] = useState<PageDocument | null>(null);
  useEffect(() => {
    let live = true;
    void loadPageDocument(page).then((d) => live && setDoc(d?.kind === 'detail' ? translateDocument(d, t) : null));
    return () => {
      live = false;
    };
  }, [page]);
  return doc ? <HeaderOf doc={doc} page={page} listPath={listPath} onMissing={onMissing} /> : null;
}

function HeaderOf({ doc: document, page, listPath, onMissing }: HeaderProps & { doc: PageDocument }) {
  const doc = useCustomColumns(document);
  const params = useParams();
  const scope = useMemo(() => ({ ...params }), [params]);
  const { item, error, reload } = useDetailItem(document, scope);
  const navigate = useNavigate();
  const ctx = useFormatContext();
  const runAction = usePageAction(reload);
  const Extra = EXTRAS[page];
  const missing = (error as { status?: unknown } | undefined)?.status === 404;
  useEffect(() => onMissing?.(missing), [missing, onMissing]);
  const name = typeof item?.name === 'string' ? item.name : '';
  const permitted = useAllowed(doc.actions);
  const narrow = useMediaQuery(NARROW) && permitted.length > PRIMARY + 1;
  const run = (action: PageAction) =>
    void runAction(action, { row: item, params: scope }).then((result) => {
      // A deleted item leaves for its list.
      if (result.kind === 'submitted' && action.request?.method === 'delete') navigate(listPath);
    });
  return (
    <header className="item-header" aria-labelledby={`${page}-name`} aria-busy={!item && error === undefined}>
      <div className="item-header-top">
        <h1 id={`${page}-name`} className="item-header-name">
          {name || (error === undefined ? t('Loading…') : doc.title)}
        </h1>
        <div className="item-header-actions">
          {item && Extra && <Extra item={item} />}
          {/* An item that failed to load (not found, another company's) offers no actions: there is nothing to act on. */}
          {error === undefined && (
            <>
              <ActionButtons actions={narrow ? permitted.slice(0, PRIMARY) : permitted} disabled={!item} onRun={run} />
              {narrow && <ActionMenu actions={permitted.slice(PRIMARY)} disabled={!item} onRun={run} />}
            </>
          )}
        </div>
      </div>
      {error !== undefined && (
        <p role="alert" className="page-error">
          {loadErrorText(doc, error, t)}
        </p>
      )}
      {item && <FieldList fields={doc.fields} item={item} ctx={ctx} className="item-header-facts" />}
    </header>
  );
}
