import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildTree, type TreeNode } from './tree';

const flatten = (nodes: TreeNode[]): unknown[] => nodes.flatMap((n) => [n.row.id, ...flatten(n.children)]);

describe('buildTree', () => {
  it('nests children under their parents; orphans become roots', () => {
    const tree = buildTree([
      { id: 1, parent_id: null, name: 'Acme' },
      { id: 2, parent_id: 1, name: 'Baltics' },
      { id: 3, parent_id: 2, name: 'Vilnius' },
      { id: 4, parent_id: 1, name: 'Nordics' },
      { id: 5, parent_id: 99, name: 'Orphan' },
    ]);
    expect(tree.map((n) => n.row.name)).toEqual(['Acme', 'Orphan']);
    expect(tree[0].children.map((n) => n.row.name)).toEqual(['Baltics', 'Nordics']);
    expect(tree[0].children[0].children[0].row.name).toBe('Vilnius');
  });
  it('keeps every row exactly once, even with cycles', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.integer({ min: 1, max: 30 }), parent_id: fc.integer({ min: 0, max: 30 }) })),
        (rows) => {
          const ids = [...new Set(rows.map((r) => r.id))].sort((a, b) => a - b);
          expect((flatten(buildTree(rows)) as number[]).sort((a, b) => a - b)).toEqual(ids);
        },
      ),
    );
  });
});
