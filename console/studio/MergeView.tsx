import { DiffView } from './DiffView';
import { t } from '../../engine/i18n/i18n';

// Someone else published while this draft was edited (409): theirs against mine,
// and the two ways on: take theirs into the editor, or publish mine over theirs
// knowingly.

export interface MergeViewProps {
  theirs: string;
  mine: string;
  latest: number;
  onTakeTheirs(): void;
  onKeepMine(): void;
}

export function MergeView({ theirs, mine, latest, onTakeTheirs, onKeepMine }: MergeViewProps) {
  return (
    <section className="studio-merge" aria-label={t('Merge')}>
      <h2>{t('Someone else published version {version} meanwhile', { version: latest })}</h2>
      <p>{t('Lines marked - are theirs, lines marked + are yours.')}</p>
      <DiffView before={theirs} after={mine} label={t('Their version against yours')} />
      <div className="modal-actions">
        <button type="button" className="fc-btn" onClick={onTakeTheirs}>
          {t('Take theirs')}
        </button>
        <button type="button" className="fc-btn fc-btn--primary" onClick={onKeepMine}>
          {t('Publish mine over version {version}', { version: latest })}
        </button>
      </div>
    </section>
  );
}
