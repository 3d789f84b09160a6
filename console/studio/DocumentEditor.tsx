import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DocumentKind } from '../../engine/schema/document-source';
import { documentText, parseDocumentText } from '../../engine/schema/document-text';
import { newFormText } from '../../engine/schema/new-form';
import { forgetDocument } from '../../engine/schema/registry';
import type { FormDocument } from '../../engine/schema/types';
import { showToast } from '../../engine/stores/toasts';
import { checkText, loadPublished, publish, revert, type Problem } from './api';
import { DiffView } from './DiffView';
import { Editor } from './Editor';
import { EndpointWarning } from './EndpointWarning';
import { History } from './History';
import { MergeView } from './MergeView';
import { metaSchemas } from './meta';
import { Preview } from './Preview';
import { TranslationsPanel } from './Translations';
import { t, tn } from '../../engine/i18n/i18n';

// One document in the studio: the editor, and beside it the live preview (forms),
// the translations of its texts (forms and prompts), the diff against the
// published version, the history; publish with the version
// the draft started from, and the merge view when someone else published meanwhile.

type Panel = 'preview' | 'translations' | 'diff' | 'history';

const PANELS: Record<DocumentKind, readonly Panel[]> = {
  forms: ['preview', 'translations', 'diff', 'history'],
  prompts: ['translations', 'diff', 'history'],
  lookups: ['diff', 'history'],
  pages: ['diff', 'history'],
};
const panelName = (panel: Panel): string =>
  ({ preview: t('Preview'), translations: t('Translations'), diff: t('Changes'), history: t('History') })[panel];

interface Conflict {
  theirs: string;
  latest: number;
}

export function DocumentEditor({ kind, name, onPublished }: { kind: DocumentKind; name: string; onPublished(): void }) {
  const [published, setPublished] = useState<{ text: string; version: number }>();
  const [text, setText] = useState<string>();
  const [check, setCheck] = useState<{ text: string; problems: Problem[]; routed: boolean | null }>();
  const [panel, setPanel] = useState<Panel>(kind === 'forms' ? 'preview' : 'diff');
  const [conflict, setConflict] = useState<Conflict>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const found = await loadPublished(kind, name);
    const next = found ? { text: documentText(found.document), version: found.version } : { text: '', version: 0 };
    setPublished(next);
    return next;
  }, [kind, name]);

  useEffect(() => {
    void load().then((found) => setText(found.version ? found.text : newFormText(name)));
  }, [load, name]);

  const runCheck = useCallback(
    async (draft: string) => {
      const result = await checkText(kind, name, draft);
      setCheck({ text: draft, ...result });
      return result.problems;
    },
    [kind, name],
  );

  const draft = useMemo(() => (text === undefined ? undefined : parseDocumentText(text)), [text]);
  const checked = check && check.text === text;
  const valid = checked && check.problems.length === 0 && draft !== undefined;

  async function doPublish(version: number) {
    if (!draft || !published) return;
    setBusy(true);
    try {
      const result = await publish(kind, name, draft, version);
      if (result.status === 'conflict') {
        const theirs = await loadPublished(kind, name);
        setConflict({ theirs: theirs ? documentText(theirs.document) : '', latest: result.latest });
      } else if (result.status === 'invalid') {
        showToast({
          message: tn('Not published: {count} problems in the document.', result.errors.length),
          type: 'error',
        });
      } else {
        forgetDocument(kind, name);
        setConflict(undefined);
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
    setBusy(true);
    try {
      const next = await revert(kind, name, version);
      forgetDocument(kind, name);
      const found = await load();
      setText(found.text);
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
    <div className="studio-document">
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
        <button
          type="button"
          className="fc-btn fc-btn--primary"
          disabled={busy || !valid || !changed}
          onClick={() => void doPublish(published.version)}
        >
          {t('Publish')}
        </button>
      </div>
      {conflict && (
        <MergeView
          theirs={conflict.theirs}
          mine={text}
          latest={conflict.latest}
          onTakeTheirs={() => {
            setText(conflict.theirs);
            setPublished({ text: conflict.theirs, version: conflict.latest });
            setConflict(undefined);
          }}
          onKeepMine={() => void doPublish(conflict.latest)}
        />
      )}
      {kind === 'forms' && check?.routed === false && endpoint && (
        <EndpointWarning
          method={method}
          endpoint={endpoint}
          onPick={(route) =>
            draft && setText(documentText({ ...draft, endpoint: route.path, method: route.method.toLowerCase() }))
          }
        />
      )}
      <div className="studio-document__body">
        <Editor
          key={`${kind}/${name}`}
          text={text}
          metaSchema={metaSchemas[kind]}
          onChange={setText}
          check={runCheck}
        />
        <div className="studio-side">
          <div role="tablist" aria-label={t('Beside the editor')}>
            {PANELS[kind].map((p) => (
              <button key={p} type="button" role="tab" aria-selected={panel === p} onClick={() => setPanel(p)}>
                {panelName(p)}
              </button>
            ))}
          </div>
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
                  setText(documentText(Object.keys(translations).length ? { ...rest, translations } : rest));
                }}
              />
            ) : (
              <p>{t('The translations show once the document is valid JSON with fields.')}</p>
            ))}
          {panel === 'diff' && (
            <DiffView before={published.text} after={text} label={t('Published version against the draft')} />
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
