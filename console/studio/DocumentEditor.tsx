import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { DocumentKind } from '../../engine/schema/document-source';
import { documentText, parseDocumentText } from '../../engine/schema/document-text';
import { newFormText } from '../../engine/schema/new-form';
import { forgetDocument } from '../../engine/schema/registry';
import type { FormDocument } from '../../engine/schema/types';
import { confirm } from '../../engine/prompts/confirm';
import { showToast } from '../../engine/stores/toasts';
import { checkText, loadDraft, loadPublished, loadVersion, publish, revert, type Problem } from './api';
import { DraftNotes } from './DraftNotes';
import { useServerDraft } from './useServerDraft';
import { DesignView } from './DesignView';
import { DiffView } from './DiffView';
import { EndpointQuestion } from './EndpointQuestion';
import { EndpointWarning } from './EndpointWarning';
import { History } from './History';
import { MergeView } from './MergeView';
import { PlaceForm } from './PlaceForm';
import { Preview } from './Preview';
import { PropertyPanel } from './PropertyPanel';
import { TranslationsPanel } from './Translations';
import { useDraft, useHistoryKeys } from './useDraft';
import { t, tn } from '../../engine/i18n/i18n';

// One document in the studio: the editor (a form's Design view and, for every kind,
// the Source view of the same draft, with one undo history), and beside it the live preview (forms),
// the translations of its texts (forms and prompts), the diff against the
// published version, the history, where a form is placed (a page's action); publish with the version
// the draft started from, and the merge view when a version was published that the
// draft did not start from (someone published meanwhile, or the restored draft is stale).

// The Source view's code editor (CodeMirror and the meta-schemas) loads beside the Design view, not before it.
const SourceEditor = lazy(() => import('./SourceEditor'));

type Panel = 'properties' | 'preview' | 'translations' | 'diff' | 'history' | 'place';
type View = 'design' | 'source';

const PANELS: Record<DocumentKind, readonly Panel[]> = {
  forms: ['properties', 'preview', 'translations', 'diff', 'history', 'place'],
  prompts: ['translations', 'diff', 'history'],
  lookups: ['diff', 'history'],
  pages: ['diff', 'history'],
  menus: ['diff', 'history'],
};
const panelName = (panel: Panel): string =>
  ({
    properties: t('Properties'),
    preview: t('Preview'),
    translations: t('Translations'),
    diff: t('Changes'),
    history: t('History'),
    place: t('Place'),
  })[panel];

interface Conflict {
  /** The version the draft started from, as text ('' for none). */
  base: string;
  theirs: string;
  latest: number;
  /** Found when the owner's draft was restored, not when publishing. */
  stale: boolean;
}

const versionText = async (kind: DocumentKind, name: string, version: number) =>
  version ? documentText(await loadVersion(kind, name, version)) : '';

export function DocumentEditor({ kind, name, onPublished }: { kind: DocumentKind; name: string; onPublished(): void }) {
  const [published, setPublished] = useState<{ text: string; version: number }>();
  const draftText = useDraft();
  const { text, change, reset } = draftText;
  const [view, setView] = useState<View>(kind === 'forms' ? 'design' : 'source');
  const historyKeys = useHistoryKeys(draftText);
  const [restored, setRestored] = useState<string>();
  const [check, setCheck] = useState<{ text: string; problems: Problem[]; routed: boolean | null }>();
  const [chosenPanel, setPanel] = useState<Panel>(kind === 'forms' ? 'properties' : 'diff');
  const [chosenField, setSelected] = useState<number>();
  const [conflict, setConflict] = useState<Conflict>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const found = await loadPublished(kind, name);
    const next = found ? { text: documentText(found.document), version: found.version } : { text: '', version: 0 };
    setPublished(next);
    return next;
  }, [kind, name]);

  useEffect(() => {
    void load().then(async (found) => {
      // The owner's draft saved on the server wins over the published text: work goes on where it stopped.
      const own = await loadDraft(kind, name).catch(() => null);
      if (own && own.text !== found.text) setRestored(own.updated_at);
      reset(own?.text ?? (found.version ? found.text : newFormText(name)));
      // A draft begun before the latest version would publish over it: merge first.
      if (own && own.version !== found.version && own.text !== found.text) {
        const base = await versionText(kind, name, own.version).catch(() => '');
        setConflict({ base, theirs: found.text, latest: found.version, stale: true });
      }
    });
  }, [load, kind, name, reset]);

  const runCheck = useCallback(
    async (draft: string) => {
      const result = await checkText(kind, name, draft);
      setCheck({ text: draft, ...result });
      return result.problems;
    },
    [kind, name],
  );

  const otherDrafts = useServerDraft(kind, name, text, published);
  const draft = useMemo(() => (text === undefined ? undefined : parseDocumentText(text)), [text]);
  const design = kind === 'forms' && view === 'design' && Array.isArray(draft?.fields) && draft.fields.length > 0;
  const form = design ? (draft as unknown as FormDocument) : undefined;
  // Properties belong to the Design view: beside the Source view the preview shows instead.
  const panel = chosenPanel === 'properties' && !design ? 'preview' : chosenPanel;
  const selected = form && chosenField !== undefined && chosenField < form.fields.length ? chosenField : undefined;
  const publishedKeys = useMemo(() => {
    const fields = published && parseDocumentText(published.text)?.fields;
    return Array.isArray(fields) ? fields.map((f) => String((f as { key?: unknown }).key)) : [];
  }, [published]);
  const checked = check && check.text === text;

  // The Source view's linter checks what is typed there; in the Design view the draft is checked here.
  useEffect(() => {
    if (view !== 'design' || text === undefined || check?.text === text) return;
    const timer = setTimeout(() => void runCheck(text), 400);
    return () => clearTimeout(timer);
  }, [view, text, check, runCheck]);
  const valid = checked && check.problems.length === 0 && draft !== undefined;

  async function doPublish(version: number) {
    if (!draft || !published) return;
    setBusy(true);
    try {
      const result = await publish(kind, name, draft, version);
      if (result.status === 'conflict') {
        const theirs = await loadPublished(kind, name);
        setConflict({
          base: published.text,
          theirs: theirs ? documentText(theirs.document) : '',
          latest: result.latest,
          stale: false,
        });
      } else if (result.status === 'invalid') {
        showToast({
          message: tn('Not published: {count} problems in the document.', result.errors.length),
          type: 'error',
        });
      } else {
        forgetDocument(kind, name);
        setConflict(undefined);
        setRestored(undefined);
        await load();
        showToast({
          message: t('Published version {version} of {name}', { version: result.version, name }),
          type: 'success',
        });
        onPublished();
      }
    } finally {
      setBusy(false);
    }
  }

  async function doRevert(version: number) {
    try {
      await confirm({
        title: t('Revert to version {version}?', { version }),
        text: t(
          'Version {version} is published again as version {next}: operators and the server use it at once. The draft is replaced by it.',
          { version, next: (published?.version ?? 0) + 1 },
        ),
        confirmText: t('Revert and publish'),
      });
    } catch {
      return;
    }
    setBusy(true);
    try {
      const next = await revert(kind, name, version);
      forgetDocument(kind, name);
      const found = await load();
      reset(found.text);
      showToast({ message: t('Restored version {version} as version {next}', { version, next }), type: 'success' });
      onPublished();
    } finally {
      setBusy(false);
    }
  }

  if (text === undefined || !published) return <p aria-busy="true">{t('Loading…')}</p>;
  const endpoint = typeof draft?.endpoint === 'string' ? draft.endpoint : undefined;
  const method = typeof draft?.method === 'string' ? draft.method : 'post';
  const changed = text !== published.text;

  return (
    // Ctrl+Z and Ctrl+Shift+Z walk the one history from either view and the properties.
    <div className="studio-document" onKeyDown={historyKeys}>
      <div className="studio-document__head">
        <h2>
          {kind}/{name}{' '}
          <small>
            {published.version ? t('published version {version}', { version: published.version }) : t('new')}
          </small>
        </h2>
        <p className="studio-status" role="status">
          {!checked ? t('Checking…') : valid ? t('No problems') : tn('{count} problems', check.problems.length)}
        </p>
        <button type="button" className="fc-btn" disabled={!draftText.canUndo} onClick={draftText.undo}>
          {t('Undo')}
        </button>
        <button type="button" className="fc-btn" disabled={!draftText.canRedo} onClick={draftText.redo}>
          {t('Redo')}
        </button>
        <button
          type="button"
          className="fc-btn fc-btn--primary"
          disabled={busy || !valid || !changed || !!conflict}
          onClick={() => void doPublish(published.version)}
        >
          {t('Publish')}
        </button>
      </div>
      <DraftNotes restored={restored} others={otherDrafts} />
      {conflict && (
        <MergeView
          key={`${conflict.latest}`}
          base={conflict.base}
          theirs={conflict.theirs}
          mine={text}
          latest={conflict.latest}
          stale={conflict.stale}
          onTakeTheirs={() => {
            reset(conflict.theirs);
            setPublished({ text: conflict.theirs, version: conflict.latest });
            setConflict(undefined);
          }}
          onKeepMine={() => void doPublish(conflict.latest)}
          onMerge={(merged) => {
            // The merge is a step of the draft (undo goes back to yours), which now starts from the latest version.
            change(merged);
            setPublished({ text: conflict.theirs, version: conflict.latest });
            setConflict(undefined);
          }}
        />
      )}
      {kind === 'forms' && draft && !endpoint && (
        <EndpointQuestion
          onPick={(route) =>
            change(documentText({ ...draft, endpoint: route.path, method: route.method.toLowerCase() }))
          }
        />
      )}
      {kind === 'forms' && check?.routed === false && endpoint && (
        <EndpointWarning
          method={method}
          endpoint={endpoint}
          onPick={(route) =>
            draft && change(documentText({ ...draft, endpoint: route.path, method: route.method.toLowerCase() }))
          }
        />
      )}
      <div className="studio-document__body">
        <div className="studio-views">
          {kind === 'forms' && (
            <div role="tablist" aria-label={t('Editor view')}>
              {(['design', 'source'] as const).map((v) => (
                <button
                  key={v}
                  id={`studio-view-${v}`}
                  type="button"
                  role="tab"
                  aria-selected={view === v}
                  aria-controls={`studio-view-${v}-panel`}
                  onClick={() => setView(v)}
                >
                  {v === 'design' ? t('Design') : t('Source')}
                </button>
              ))}
            </div>
          )}
          {kind === 'forms' && view === 'design' && (
            <div role="tabpanel" id="studio-view-design-panel" aria-labelledby="studio-view-design">
              {form ? (
                <DesignView
                  doc={form}
                  selected={selected}
                  onSelect={(index) => {
                    setSelected(index);
                    setPanel('properties');
                  }}
                  onChange={(doc, group) => change(documentText(doc), group)}
                />
              ) : (
                <p>{t('The Design view shows once the source is a JSON object with fields.')}</p>
              )}
            </div>
          )}
          <div
            role={kind === 'forms' ? 'tabpanel' : undefined}
            id="studio-view-source-panel"
            aria-labelledby={kind === 'forms' ? 'studio-view-source' : undefined}
            hidden={view !== 'source'}
          >
            <Suspense fallback={<p aria-busy="true">{t('Loading…')}</p>}>
              <SourceEditor
                key={`${kind}/${name}`}
                text={text}
                kind={kind}
                onChange={(next, whole) => change(next, whole ? undefined : 'source')}
                onUndo={draftText.undo}
                onRedo={draftText.redo}
                check={runCheck}
              />
            </Suspense>
          </div>
        </div>
        <div className="studio-side">
          <div role="tablist" aria-label={t('Beside the editor')}>
            {PANELS[kind]
              .filter((p) => p !== 'properties' || design)
              .map((p) => (
                <button key={p} type="button" role="tab" aria-selected={panel === p} onClick={() => setPanel(p)}>
                  {panelName(p)}
                </button>
              ))}
          </div>
          {panel === 'properties' && form && (
            <PropertyPanel
              doc={form}
              selected={selected}
              publishedKeys={publishedKeys}
              onChange={(doc, group) => change(documentText(doc), group)}
            />
          )}
          {panel === 'preview' &&
            kind === 'forms' &&
            (valid ? (
              <Preview name={name} doc={draft as unknown as FormDocument} />
            ) : (
              <p>{t('The preview shows once the document has no problems.')}</p>
            ))}
          {panel === 'translations' &&
            (draft && Array.isArray(draft.fields) ? (
              <TranslationsPanel
                doc={draft as unknown as FormDocument}
                onChange={(translations) => {
                  const { translations: _previous, ...rest } = draft;
                  change(
                    documentText(Object.keys(translations).length ? { ...rest, translations } : rest),
                    'translations',
                  );
                }}
              />
            ) : (
              <p>{t('The translations show once the document is valid JSON with fields.')}</p>
            ))}
          {panel === 'diff' && (
            <DiffView before={published.text} after={text} label={t('Published version against the draft')} />
          )}
          {panel === 'place' && draft && (
            <PlaceForm name={name} doc={draft as unknown as FormDocument} published={published.version > 0} />
          )}
          {panel === 'history' &&
            (published.version ? (
              <History kind={kind} name={name} current={published.version} onRevert={(v) => void doRevert(v)} />
            ) : (
              <p>{t('Not published yet.')}</p>
            ))}
        </div>
      </div>
    </div>
  );
}
