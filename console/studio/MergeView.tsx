import { useMemo, useState } from 'react';
import { documentText, parseDocumentText } from '../../engine/schema/document-text';
import { changedParts, mergeDocuments, type MergeChoice, type MergePart } from '../../engine/studio/merge';
import { DiffView } from './DiffView';
import { t } from '../../engine/i18n/i18n';

// A version was published that this draft did not start from: someone published while
// it was edited (Publish answered 409), or the owner's restored draft began before the
// newest version. Each part that differs (a property, a field) is shown with theirs and
// yours, taken from the side that changed it (yours where both did); the owner chooses
// theirs, yours or, for a field, both, and uses the merge as the draft. Or takes theirs
// whole, or publishes theirs over knowingly. A draft that is no JSON object shows the
// line diff only.

export interface MergeViewProps {
  /** The version the draft started from (empty for a new document). */
  base: string;
  theirs: string;
  mine: string;
  latest: number;
  /** The owner's restored draft began before the latest version (else: Publish met it). */
  stale: boolean;
  onTakeTheirs(): void;
  onKeepMine(): void;
  onMerge(text: string): void;
}

const CHOICE_LABEL: Record<MergeChoice, () => string> = {
  theirs: () => t('Theirs'),
  yours: () => t('Yours'),
  both: () => t('Keep both'),
};

const shown = (value: unknown) => (value === undefined ? t('Not there') : JSON.stringify(value, null, 2));

function Part({ part, choice, onChoose }: { part: MergePart; choice: MergeChoice; onChoose(c: MergeChoice): void }) {
  return (
    <fieldset className="studio-merge__part">
      <legend>
        {part.kind === 'field' ? t('Field {label}', { label: part.name }) : part.name}
        {part.conflict && <small> {t('Changed on both sides')}</small>}
      </legend>
      <div className="studio-merge__sides">
        <pre aria-label={t('Theirs')}>{shown(part.theirs)}</pre>
        <pre aria-label={t('Yours')}>{shown(part.yours)}</pre>
      </div>
      {part.choices.map((c) => (
        <label key={c}>
          <input type="radio" name={part.id} checked={choice === c} onChange={() => onChoose(c)} />
          {CHOICE_LABEL[c]()}
        </label>
      ))}
    </fieldset>
  );
}

export function MergeView({ base, theirs, mine, latest, stale, onTakeTheirs, onKeepMine, onMerge }: MergeViewProps) {
  const docs = useMemo(() => {
    const [b, th, y] = [base, theirs, mine].map((text) => (text ? parseDocumentText(text) : {}));
    return b && th && y ? { theirs: th, yours: y, parts: changedParts(b, th, y) } : undefined;
  }, [base, theirs, mine]);
  const [chosen, setChosen] = useState<Record<string, MergeChoice>>({});
  return (
    <section className="studio-merge" aria-label={t('Merge')}>
      <h2>
        {stale
          ? t('Version {version} was published after your draft began', { version: latest })
          : t('Someone else published version {version} meanwhile', { version: latest })}
      </h2>
      {docs ? (
        <>
          <p>{t('Each part that differs: theirs, yours, or both. The side that changed it is chosen.')}</p>
          {docs.parts.map((part) => (
            <Part
              key={part.id}
              part={part}
              choice={chosen[part.id] ?? part.proposed}
              onChoose={(c) => setChosen((all) => ({ ...all, [part.id]: c }))}
            />
          ))}
        </>
      ) : (
        <>
          <p>{t('Lines marked - are theirs, lines marked + are yours.')}</p>
          <DiffView before={theirs} after={mine} label={t('Their version against yours')} />
        </>
      )}
      <div className="modal-actions">
        {docs && (
          <button
            type="button"
            className="fc-btn fc-btn--primary"
            onClick={() => onMerge(documentText(mergeDocuments(docs.theirs, docs.yours, docs.parts, chosen)))}
          >
            {t('Use the merge as the draft')}
          </button>
        )}
        <button type="button" className="fc-btn" onClick={onTakeTheirs}>
          {t('Take theirs')}
        </button>
        <button type="button" className="fc-btn" onClick={onKeepMine}>
          {t('Publish mine over version {version}', { version: latest })}
        </button>
      </div>
    </section>
  );
}
