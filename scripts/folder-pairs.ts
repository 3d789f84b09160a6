// `npm run imports`, second half: no two folders of the engine import each other at run time (issue 30).
// dependency-cruiser's own rules see circles of modules; a pair of folders each importing the other (a form
// module using the submission machine that uses a form module) is a circle of concepts, so it is read here
// from the cruise's graph. Test files and imports of types only are left out: neither runs in the product.
import { cruise, type IModule } from 'dependency-cruiser';

const FOLDER = /^engine\/([^/]+)\//;
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** The engine folders each module's runtime imports reach, as "from -> to" with one example import each. */
export function folderEdges(modules: readonly IModule[]): Map<string, string> {
  const edges = new Map<string, string>();
  for (const module of modules) {
    const from = FOLDER.exec(module.source)?.[1];
    if (!from || isTest(module.source)) continue;
    for (const dependency of module.dependencies) {
      const to = FOLDER.exec(dependency.resolved)?.[1];
      if (!to || to === from || dependency.dependencyTypes.includes('type-only')) continue;
      const key = `${from} -> ${to}`;
      if (!edges.has(key)) edges.set(key, `${module.source} imports ${dependency.resolved}`);
    }
  }
  return edges;
}

/** The pairs of folders importing each other, each with an import of both ways. */
export function folderPairs(edges: ReadonlyMap<string, string>): string[] {
  const pairs: string[] = [];
  for (const [key, example] of edges) {
    const [from, to] = key.split(' -> ');
    const back = edges.get(`${to} -> ${from}`);
    if (back && from < to) pairs.push(`engine/${from} <-> engine/${to}: ${example}; ${back}`);
  }
  return pairs;
}

async function main() {
  const result = await cruise(['engine'], {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  });
  const output = result.output;
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not its graph');
  const pairs = folderPairs(folderEdges(output.modules));
  if (pairs.length) {
    console.error(`Engine folders importing each other (move what both need into one of them):\n${pairs.join('\n')}`);
    process.exit(1);
  }
  console.log('folder-pairs: no two engine folders import each other');
}

if (process.argv[1]?.endsWith('folder-pairs.ts')) await main();
