// A tree page: rows with a parent key drawn as nested lists of links.
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { formatCell } from '../../engine/format/formatters';
import { readPath, resolvePath } from '../../engine/pages/template';
import { buildTree, type TreeNode } from '../../engine/pages/tree';
import type { PageTree } from '../../engine/pages/types';
import { useFormatContext } from './format-context';
import { LoadState, usePageRows, type PageProps } from './usePageRows';

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

export function TreePage({ doc, name, scope, nested }: PageProps) {
  const { rows, error } = usePageRows(doc, scope);
  const tree = doc.tree!;
  const roots = useMemo(() => (rows ? buildTree(rows, tree.idKey, tree.parentKey) : []), [rows, tree]);
  const Heading = nested ? 'h2' : 'h1';
  return (
    <section className="tree-page" aria-labelledby={`${name}-title`}>
      <Heading id={`${name}-title`}>{doc.title}</Heading>
      {doc.description && <p>{doc.description}</p>}
      <LoadState doc={doc} rows={rows} error={error} />
      {roots.length > 0 && (
        <nav aria-label={doc.title} className="page-tree">
          <Branch nodes={roots} tree={tree} />
        </nav>
      )}
    </section>
  );
}
