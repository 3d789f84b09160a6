import { diffLines } from 'diff';
import { t } from '../../engine/i18n/i18n';

// A line diff of two JSON texts (the published version against the draft, or
// theirs against mine in the merge view).

export function DiffView({ before, after, label }: { before: string; after: string; label: string }) {
  const parts = diffLines(before, after);
  if (parts.every((p) => !p.added && !p.removed)) return <p className="studio-diff__same">{t('No changes.')}</p>;
  return (
    <pre className="studio-diff" aria-label={label}>
      {parts.map((part, i) => {
        const mark = part.added ? '+' : part.removed ? '-' : ' ';
        const lines = part.value.replace(/\n$/, '').split('\n');
        const cls = part.added ? 'studio-diff__added' : part.removed ? 'studio-diff__removed' : undefined;
        return (
          <span key={i} className={cls}>
            {lines.map((line) => `${mark} ${line}\n`).join('')}
          </span>
        );
      })}
    </pre>
  );
}
