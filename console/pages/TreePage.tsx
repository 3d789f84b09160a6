// A tree page: rows with a parent key drawn as nested lists of links.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCell } from '../../engine/format/formatters';
import { fetchRows } from '../../engine/pages/fetch-list';
import { readPath, resolvePath, type Scope } from '../../engine/pages/template';
import { buildTree, type TreeNode } from '../../engine/pages/tree';
import type { PageDocument, PageTree } from '../../engine/pages/types';
import { useFormatContext } from './format-context';
import { t } from '../../engine/i18n/i18n';
import { loadErrorText } from '../../engine/pages/load-error';

function Branch({ nodes, tree }: { nodes: TreeNode[]; tree: PageTree }) {
  const ctx = useFormatContext();
  return (
    <ul>
      {nodes.map((node) => {
        const label = String(readPath(node.row, tree.labelKey) ?? '');
        const href = tree.link ? resolvePath(tree.link, node.row) : undefined;
        return (
          <li key={String(node.row[tree.idKey ?? 'id'])}>
            {href ? <Link to={href}>{label}</Link> : label}
            {tree.details?.map((d) => (
              <span key={d.key} className="tree-detail">
                {' '}
                · {d.title}: {formatCell(d.formatter, readPath(node.row, d.key), node.row, ctx)}
              </span>
            ))}
            {node.children.length > 0 && <Branch nodes={node.children} tree={tree} />}
          </li>
        );
      })}
    </ul>
  );
}

export function TreePage({
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
  const [rows, setRows] = useState<Record<string, unknown>[] | undefined>();
  const [error, setError] = useState<string>();
  const scopeKey = JSON.stringify(scope);
  useEffect(() => {
    const controller = new AbortController();
    fetchRows(doc, JSON.parse(scopeKey) as Scope, controller.signal).then(
      (data) => setRows(data.rows),
      (e: unknown) => !controller.signal.aborted && setError(loadErrorText(doc, e, t)),
    );
    return () => controller.abort();
  }, [doc, scopeKey]);
  const tree = doc.tree!;
  const roots = useMemo(() => (rows ? buildTree(rows, tree.idKey, tree.parentKey) : []), [rows, tree]);
  const Heading = nested ? 'h2' : 'h1';
  return (
    <section className="tree-page" aria-labelledby={`${name}-title`}>
      <Heading id={`${name}-title`}>{doc.title}</Heading>
      {doc.description && <p>{doc.description}</p>}
      {error && (
        <p role="alert" className="page-error">
          {error}
        </p>
      )}
      {!rows && !error && <p aria-busy="true">{t('Loading…')}</p>}
      {rows && rows.length === 0 && <p className="page-empty">{doc.empty ?? t('No data')}</p>}
      {roots.length > 0 && (
        <nav aria-label={doc.title} className="page-tree">
          <Branch nodes={roots} tree={tree} />
        </nav>
      )}
    </section>
  );
}
