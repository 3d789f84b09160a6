import { DiffView } from './DiffView';

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
    <section className="studio-merge" aria-label="Merge">
      <h2>Someone else published version {latest} meanwhile</h2>
      <p>Lines marked - are theirs, lines marked + are yours.</p>
      <DiffView before={theirs} after={mine} label="Their version against yours" />
      <div className="modal-actions">
        <button type="button" className="fc-btn" onClick={onTakeTheirs}>
          Take theirs
        </button>
        <button type="button" className="fc-btn fc-btn--primary" onClick={onKeepMine}>
          Publish mine over version {latest}
        </button>
      </div>
    </section>
  );
}
