// The rows of a chart or tree page and their load states (loading, error, empty).
import { useEffect, useState } from 'react';
import { t } from '../../engine/i18n/i18n';
import { isCancel } from '../../engine/http/client';
import { fetchRows } from '../../engine/pages/fetch-list';
import { loadErrorText } from '../../engine/pages/load-error';
import type { Scope } from '../../engine/pages/template';
import type { PageDocument } from '../../engine/pages/types';

export type Row = Record<string, unknown>;

/** The props every page renderer takes from RoutePage. */
export interface PageProps {
  doc: PageDocument;
  name: string;
  scope: Scope;
  nested?: boolean;
}

/** Loads the page's rows for the scope; a newer scope aborts the older request. */
export function usePageRows(doc: PageDocument, scope: Scope): { rows?: Row[]; error?: string } {
  const [rows, setRows] = useState<Row[] | undefined>();
  const [error, setError] = useState<string>();
  const [attempt, setAttempt] = useState(0);
  const scopeKey = JSON.stringify(scope);
  useEffect(() => {
    const controller = new AbortController();
    fetchRows(doc, JSON.parse(scopeKey) as Scope, controller.signal).then(
      (data) => setRows(data.rows),
      (e: unknown) => {
        if (controller.signal.aborted) return;
        // A route change cancels pending requests (shell spec §4); a page still shown after it asks again.
        if (isCancel(e)) return setAttempt((n) => n + 1);
        setError(loadErrorText(doc, e, t));
      },
    );
    return () => controller.abort();
  }, [doc, scopeKey, attempt]);
  return { rows, error };
}

/** The error, loading and empty texts shown above a page's content. */
export function LoadState({ doc, rows, error }: { doc: PageDocument; rows?: Row[]; error?: string }) {
  return (
    <>
      {error && (
        <p role="alert" className="page-error">
          {error}
        </p>
      )}
      {!rows && !error && <p aria-busy="true">{t('Loading…')}</p>}
      {rows && rows.length === 0 && <p className="page-empty">{doc.empty ?? t('No data')}</p>}
    </>
  );
}
