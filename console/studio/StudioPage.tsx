import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DOCUMENT_KINDS } from '../../engine/schema/document-source';
import { listDocuments, type DocumentSummary } from './api';
import { DocumentEditor } from './DocumentEditor';
import { DocumentList } from './DocumentList';
import { t } from '../../engine/i18n/i18n';
import './studio.css';

// The form studio (/studio, manage_documents): product owners change forms, prompts,
// lookups and pages in the browser and publish them; the open document is in the
// URL (?kind=forms&name=new-tag).

export function StudioPage() {
  const [params, setParams] = useSearchParams();
  const [documents, setDocuments] = useState<DocumentSummary[]>([]);
  const kind = DOCUMENT_KINDS.find((k) => k === params.get('kind'));
  const name = params.get('name') ?? undefined;

  const reload = useCallback(() => void listDocuments().then(setDocuments), []);
  useEffect(reload, [reload]);

  return (
    <section className="studio" aria-labelledby="studio-title">
      <h1 id="studio-title">{t('Form studio')}</h1>
      <div className="studio__body">
        <DocumentList
          documents={documents}
          selected={kind && name ? { kind, name } : undefined}
          onOpen={(k, n) => setParams({ kind: k, name: n })}
        />
        {kind && name ? (
          <DocumentEditor key={`${kind}/${name}`} kind={kind} name={name} onPublished={reload} />
        ) : (
          <p className="studio__hint">{t('Choose a document to edit, or name a new form.')}</p>
        )}
      </div>
    </section>
  );
}
