import { formatDateTime } from '../i18n/time';
import type { DraftRow } from './api';
import { t } from '../../engine/i18n/i18n';

// What the drafts on the server say about the open document: the owner's own draft
// restored, and the drafts other owners are working on ("draft by … since …").

export function DraftNotes({ restored, others }: { restored?: string; others: DraftRow[] }) {
  if (!restored && others.length === 0) return null;
  return (
    <div className="studio-drafts" role="note">
      {restored && <p>{t('Your draft of {time} is restored.', { time: formatDateTime(restored) })}</p>}
      {others.map((row) => (
        <p key={row.author_id}>
          {t('Draft by {author} since {time}', { author: row.author, time: formatDateTime(row.created_at) })}
        </p>
      ))}
    </div>
  );
}
