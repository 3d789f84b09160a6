// An action panel: a short description and the actions (forms) an operator looks for here.
import type { Scope } from '../../engine/pages/template';
import type { PageDocument } from '../../engine/pages/types';
import { ActionButtons } from './ActionButtons';
import { usePageAction } from './usePageAction';

const noReload = () => undefined;

export function PanelPage({
  doc,
  name,
  scope,
  nested,
}: {
  doc: PageDocument;
  name: string;
  scope: Scope;
  nested?: boolean;
}) {
  const runAction = usePageAction(noReload);
  const Heading = nested ? 'h2' : 'h1';
  return (
    <section className="panel-page" aria-labelledby={`${name}-title`}>
      <Heading id={`${name}-title`}>{doc.title}</Heading>
      {doc.description && <p>{doc.description}</p>}
      <ActionButtons
        actions={doc.actions}
        onRun={(action) => void runAction(action, { params: scope as Record<string, string | undefined> })}
      />
    </section>
  );
}
