// A detail page: one item from an endpoint shown as a description list, with actions.
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchItem } from '../../engine/pages/fetch-list';
import { runAction } from '../../engine/pages/actions';
import { loadErrorText } from '../../engine/pages/load-error';
import type { Scope } from '../../engine/pages/template';
import type { PageDocument } from '../../engine/pages/types';
import { ActionButtons } from './ActionButtons';
import { Cell } from './Cell';
import { pageEnvironment } from './environment';
import { useFormatContext } from './format-context';
import { t } from '../../engine/i18n/i18n';

interface Props {
  doc: PageDocument;
  name: string;
  scope: Scope;
  nested?: boolean;
}

export function DetailPage({ doc, name, scope, nested }: Props) {
  const [item, setItem] = useState<Record<string, unknown> | undefined>();
  const [error, setError] = useState<unknown>();
  const [token, setToken] = useState(0);
  const navigate = useNavigate();
  const ctx = useFormatContext();
  const scopeKey = JSON.stringify(scope);
  useEffect(() => {
    const controller = new AbortController();
    fetchItem(doc, JSON.parse(scopeKey) as Scope, controller.signal).then(setItem, (e: unknown) => {
      if (!controller.signal.aborted) setError(e ?? new Error('Failed'));
    });
    return () => controller.abort();
  }, [doc, scopeKey, token]);
  const env = useMemo(() => pageEnvironment(navigate, () => setToken((n) => n + 1)), [navigate]);
  const Heading = nested ? 'h2' : 'h1';
  return (
    <section className="detail-page" aria-labelledby={`${name}-title`}>
      <header className="page-header">
        <Heading id={`${name}-title`}>{doc.title}</Heading>
        <ActionButtons
          actions={doc.actions}
          disabled={!item}
          onRun={(action) =>
            void runAction(action, { row: item, params: scope as Record<string, string | undefined> }, env)
          }
        />
      </header>
      {error !== undefined && (
        <p role="alert" className="page-error">
          {loadErrorText(doc, error, t)}
        </p>
      )}
      {!item && error === undefined && <p aria-busy="true">{t('Loading…')}</p>}
      {item && (
        <dl className="detail-list">
          {(doc.fields ?? []).map((field) => (
            <div key={field.key}>
              <dt>{field.title}</dt>
              <dd>
                <Cell column={field} row={item} ctx={ctx} placeholder="—" />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
