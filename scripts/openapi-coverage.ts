import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { operations, type OpenApiNode } from '../server/openapi/document';

// Prints, per OpenAPI tag, how many of the vendor's operations this server
// implements, answers 501 for, and is missing, read from the annotated
// document it serves at /api/openapi.json (x-implemented, x-status).
// Usage: npm run openapi:coverage [-- --missing]  (--missing lists them)

export interface CoverageRow {
  tag: string;
  implemented: number;
  notImplemented: number;
  missing: string[];
}

export function coverageRows(document: OpenApiNode): CoverageRow[] {
  const rows = new Map<string, CoverageRow>();
  for (const op of operations(document)) {
    const row = rows.get(op.tag) ?? { tag: op.tag, implemented: 0, notImplemented: 0, missing: [] };
    if (op.node['x-implemented'] === true) row.implemented += 1;
    else if (op.node['x-status'] === 501) row.notImplemented += 1;
    else row.missing.push(`${op.method} ${op.path}`);
    rows.set(op.tag, row);
  }
  return [...rows.values()];
}

export function coverageTable(rows: CoverageRow[], listMissing = false): string {
  const total = rows.reduce(
    (sum, r) => ({ i: sum.i + r.implemented, n: sum.n + r.notImplemented, m: sum.m + r.missing.length }),
    { i: 0, n: 0, m: 0 },
  );
  const width = Math.max(...rows.map((r) => r.tag.length), 5);
  const line = (tag: string, i: number | string, n: number | string, m: number | string) =>
    `${tag.padEnd(width)}  ${String(i).padStart(11)}  ${String(n).padStart(5)}  ${String(m).padStart(7)}`;
  const out = [line('tag', 'implemented', '501', 'missing')];
  for (const r of rows) {
    out.push(line(r.tag, r.implemented, r.notImplemented, r.missing.length));
    if (listMissing) for (const op of r.missing) out.push(`    missing: ${op}`);
  }
  out.push(line('total', total.i, total.n, total.m));
  return out.join('\n');
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-coverage-'));
  const app = await buildApp({ dbFile: path.join(dir, 'coverage.db'), devices: 1 });
  try {
    const reply = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    console.log(coverageTable(coverageRows(reply.json()), process.argv.includes('--missing')));
  } finally {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
