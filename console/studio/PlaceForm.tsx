import { useEffect, useState } from 'react';
import type { PageDocument } from '../../engine/pages/types';
import type { FormDocument } from '../../engine/schema/types';
import { opensForm, placeForm, placesOf, type Place } from '../../engine/studio/placement';
import { showToast } from '../../engine/stores/toasts';
import { listDocuments, loadPublished, type DocumentSummary } from './api';
import { publishPlacement } from './publishPlacement';
import { t } from '../../engine/i18n/i18n';
import { PlaceInMenu } from './PlaceInMenu';

// "Place": a published form reached from a page without editing the page document by
// hand: choose a list or detail page and where on it (a toolbar button, a row action,
// a button beside the page's actions); the page document is published with an action
// that opens the form (engine/studio/placement.ts). Beside it, a menu entry (PlaceInMenu.tsx).

const PLACE_LABEL: Record<Place, () => string> = {
  toolbarActions: () => t('A button above the list'),
  rowActions: () => t('An action on each row'),
  actions: () => t('A button on the page'),
};

export function PlaceForm({ name, doc, published }: { name: string; doc: FormDocument; published: boolean }) {
  const [pages, setPages] = useState<DocumentSummary[]>([]);
  const [pageName, setPageName] = useState('');
  const [page, setPage] = useState<{ doc: PageDocument; version: number }>();
  const [place, setPlace] = useState<Place>();
  const [label, setLabel] = useState(doc.title ?? name);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    listDocuments()
      .then((all) => setPages(all.filter((d) => d.kind === 'pages')))
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    setPage(undefined);
    setPlace(undefined);
    if (!pageName) return;
    let live = true;
    void loadPublished('pages', pageName).then((found) => {
      if (!live || !found) return;
      const loaded = found.document as unknown as PageDocument;
      setPage({ doc: loaded, version: found.version });
      setPlace(placesOf(loaded)[0]);
    });
    return () => {
      live = false;
    };
  }, [pageName]);

  if (!published) return <p>{t('A form is placed on a page once it is published.')}</p>;
  const places = page ? placesOf(page.doc) : [];
  const placed = page && opensForm(page.doc, name);

  async function doPlace() {
    if (!page || !place) return;
    setBusy(true);
    try {
      const next = placeForm(page.doc, place, { name, label: label.trim(), permission: doc.permission });
      const version = await publishPlacement(
        'pages',
        pageName,
        next,
        page.version,
        t('The page was not changed: it was published meanwhile or has problems.'),
      );
      if (version === undefined) return;
      setPage({ doc: next, version });
      showToast({ message: t('{form} is placed on {page}', { form: label.trim(), page: pageName }), type: 'success' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form
        className="studio-place"
        aria-label={t('Place')}
        onSubmit={(e) => {
          e.preventDefault();
          void doPlace();
        }}
      >
        <label>
          {t('Page')}
          <select className="fc-input" value={pageName} onChange={(e) => setPageName(e.target.value)}>
            <option value="">{t('Select')}</option>
            {pages.map((p) => (
              <option key={p.name} value={p.name}>
                {p.title ? `${t(p.title)} (${p.name})` : p.name}
              </option>
            ))}
          </select>
        </label>
        {page && places.length === 0 && <p>{t('This page has no place for a form: choose a list or detail page.')}</p>}
        {places.length > 0 && (
          <fieldset>
            <legend>{t('Where')}</legend>
            {places.map((p) => (
              <label key={p}>
                <input type="radio" name="studio-place" checked={place === p} onChange={() => setPlace(p)} />
                {PLACE_LABEL[p]()}
              </label>
            ))}
          </fieldset>
        )}
        <label>
          {t('Button label')}
          <input className="fc-input" value={label} onChange={(e) => setLabel(e.target.value)} />
        </label>
        {placed && <p>{t('This page already opens the form.')}</p>}
        <button type="submit" className="fc-btn fc-btn--primary" disabled={busy || !place || !label.trim()}>
          {t('Place on the page')}
        </button>
      </form>
      <PlaceInMenu name={name} doc={doc} />
    </>
  );
}
