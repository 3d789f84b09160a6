import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import pkg from '../../package.json';

// `npm run serve` runs with `npm ci --omit=dev`: every package the server
// loads at run time, from server/main.ts through every relative import
// (type-only imports are erased), is a dependency, tsx included.

const ROOT = path.resolve(import.meta.dirname, '../..');
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\b)(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveLocal(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(ROOT, from)}: cannot resolve ${spec}`);
}

function runtimePackages(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !/\.tsx?$/.test(file)) continue;
    seen.add(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = match[1] ?? match[2];
      if (spec.startsWith('.')) queue.push(resolveLocal(file, spec));
      else if (!spec.startsWith('node:') && !builtinModules.includes(spec)) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);
      }
    }
  }
  return packages;
}

describe('production start', () => {
  it('needs no devDependency at run time', () => {
    const used = runtimePackages(path.join(ROOT, 'server/main.ts'));
    expect(used).toContain('fastify');
    expect(used).toContain('ioredis');
    const missing = [...used].filter((name) => !(name in pkg.dependencies));
    expect(missing).toEqual([]);
  });

  it('starts through tsx, which is a dependency', () => {
    expect(pkg.scripts.serve).toMatch(/\btsx server\/main\.ts\b/);
    expect(pkg.dependencies).toHaveProperty('tsx');
    expect(pkg.devDependencies).not.toHaveProperty('tsx');
  });
});
