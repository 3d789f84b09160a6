// Rows with a parent key as a forest: each row once, children in row order;
// a row whose parent is not among the rows (outside the caller's tenancy) is a root.
export interface TreeNode {
  row: Record<string, unknown>;
  children: TreeNode[];
}

export function buildTree(rows: readonly Record<string, unknown>[], idKey = 'id', parentKey = 'parent_id'): TreeNode[] {
  const nodes = new Map<unknown, TreeNode>();
  for (const row of rows) if (!nodes.has(row[idKey])) nodes.set(row[idKey], { row, children: [] });
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.row[parentKey]);
    if (parent && parent !== node && !isAncestor(node, parent)) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Guards against cycles in bad data: is `node` an ancestor of `candidate`? */
function isAncestor(node: TreeNode, candidate: TreeNode): boolean {
  const stack = [...node.children];
  while (stack.length) {
    const next = stack.pop()!;
    if (next === candidate) return true;
    stack.push(...next.children);
  }
  return false;
}
