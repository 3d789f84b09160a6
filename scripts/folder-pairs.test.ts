import type { IModule } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';
import { folderEdges, folderPairs } from './folder-pairs';

const module = (source: string, imports: [string, string[]?][]): IModule =>
  ({
    source,
    dependencies: imports.map(([resolved, dependencyTypes = ['local', 'import']]) => ({ resolved, dependencyTypes })),
  }) as unknown as IModule;

describe('engine folders importing each other', () => {
  it('finds a pair of folders importing each other at run time, with an import of each way', () => {
    const edges = folderEdges([
      module('engine/form/controller.ts', [['engine/submit/machine.ts']]),
      module('engine/submit/machine.ts', [['engine/form/shown-errors.ts'], ['engine/http/client.ts']]),
    ]);
    expect(folderPairs(edges)).toEqual([
      'engine/form <-> engine/submit: engine/form/controller.ts imports engine/submit/machine.ts; ' +
        'engine/submit/machine.ts imports engine/form/shown-errors.ts',
    ]);
  });

  it('leaves out imports of types, test files and imports inside one folder', () => {
    const edges = folderEdges([
      module('engine/fields/kinds.ts', [['engine/schema/types.ts', ['local', 'import', 'type-only']]]),
      module('engine/schema/compile.ts', [['engine/fields/kinds.ts'], ['engine/schema/types.ts']]),
      module('engine/schema/compile.test.ts', [['engine/fields/kinds.ts']]),
      module('engine/fields/kinds.test.ts', [['engine/schema/compile.ts']]),
    ]);
    expect([...edges.keys()]).toEqual(['schema -> fields']);
    expect(folderPairs(edges)).toEqual([]);
  });
});
