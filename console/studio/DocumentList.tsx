import { useMemo, useState } from 'react';
import type { DocumentSummary } from './api';
import { t } from '../../engine/i18n/i18n';
import { isDocumentName } from '../../engine/schema/document-name';
import { DOCUMENT_KINDS } from '../../engine/schema/document-source';

// The studio's list of documents: search by name or title, grouped by kind, and
// the start of a new form.

export interface DocumentListProps {
  documents: DocumentSummary[];
  selected?: { kind: string; name: string };
  onOpen(kind: DocumentSummary['kind'], name: string): void;
}

const kindName = (kind: DocumentSummary['kind']): string =>
  ({ forms: t('Forms'), prompts: t('Prompts'), lookups: t('Lookups'), pages: t('Pages'), menus: t('Menus') })[kind];

export function DocumentList({ documents, selected, onOpen }: DocumentListProps) {
  const [query, setQuery] = useState('');
  const [newName, setNewName] = useState('');
  const groups = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const hits = documents.filter((d) => !needle || `${d.name} ${d.title ?? ''}`.toLowerCase().includes(needle));
    return DOCUMENT_KINDS.map((kind) => [kind, hits.filter((d) => d.kind === kind)] as const).filter(
      ([, list]) => list.length > 0,
    );
  }, [documents, query]);
  const taken = documents.some((d) => d.kind === 'forms' && d.name === newName);
  const nameError =
    newName &&
    (!isDocumentName(newName)
      ? t('Use lower-case letters, digits, dots and dashes.')
      : taken
        ? t('A form with this name exists.')
        : '');

  return (
    <nav className="studio-list" aria-label={t('Documents')}>
      <form
        className="studio-list__new"
        onSubmit={(e) => {
          e.preventDefault();
          if (newName && !nameError) onOpen('forms', newName);
        }}
      >
        <label>
          {t('New form name')}
          <input
            className="fc-input"
            value={newName}
            onChange={(e) => setNewName(e.target.value.trim())}
            aria-invalid={!!nameError}
          />
        </label>
        <button type="submit" className="fc-btn" disabled={!newName || !!nameError}>
          {t('New form')}
        </button>
        {nameError && <p className="studio-error">{nameError}</p>}
      </form>
      <label className="studio-list__search">
        {t('Search documents')}
        <input className="fc-input" type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </label>
      {groups.map(([kind, list]) => (
        <section key={kind}>
          <h2>{kindName(kind)}</h2>
          <ul>
            {list.map((d) => (
              <li key={d.name}>
                <button
                  type="button"
                  aria-current={selected?.kind === kind && selected.name === d.name ? 'true' : undefined}
                  onClick={() => onOpen(kind, d.name)}
                >
                  <span>{d.title ?? d.name}</span>{' '}
                  <small>
                    {d.name} · v{d.version}
                  </small>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {groups.length === 0 && <p>{t('No documents match “{query}”.', { query })}</p>}
    </nav>
  );
}
