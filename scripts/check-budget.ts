import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

// First-load budget of /management/devices: the entry chunk plus its static
// imports (what index.html loads before any route renders), gzip, must stay
// under 170 KB, and the form engine (@rjsf, ajv) must not be among them.
// Usage: tsx scripts/check-budget.ts [distDir]  (default: dist, or DIST_DIR)

export const BUDGET_BYTES = 170 * 1024;
export const FORBIDDEN = [/node_modules\/@rjsf\//, /node_modules\/ajv(-formats)?\//];

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g;

export function staticImports(code: string): string[] {
  return [...code.matchAll(STATIC_IMPORT)].map((match) => match[1]);
}

export function entryScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
  return [...scripts, ...preloads];
}

export interface BudgetReport {
  files: { file: string; gzip: number }[];
  total: number;
  forbidden: { file: string; source: string }[];
}

export function measure(distDir: string): BudgetReport {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const queue = entryScripts(html).map((src) => join(distDir, src.replace(/^\//, '')));
  const seen = new Set<string>();
  const files: BudgetReport['files'] = [];
  const forbidden: BudgetReport['forbidden'] = [];
  while (queue.length) {
    const file = resolve(queue.shift()!);
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    files.push({ file: file.slice(resolve(distDir).length + 1), gzip: gzipSync(code, { level: 9 }).length });
    for (const spec of staticImports(code)) queue.push(join(dirname(file), spec));
    const mapFile = `${file}.map`;
    if (existsSync(mapFile)) {
      const sources = (JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] }).sources;
      for (const source of sources) {
        if (FORBIDDEN.some((pattern) => pattern.test(source))) forbidden.push({ file, source });
      }
    }
  }
  return { files, total: files.reduce((sum, f) => sum + f.gzip, 0), forbidden };
}

function main() {
  const distDir = resolve(process.argv[2] ?? process.env.DIST_DIR ?? 'dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    console.error(`check-budget: ${distDir}/index.html not found; run npm run build first.`);
    process.exit(2);
  }
  const report = measure(distDir);
  for (const { file, gzip } of report.files) console.log(`  ${file}  ${(gzip / 1024).toFixed(1)} KB gzip`);
  const kb = (report.total / 1024).toFixed(1);
  let failed = false;
  if (report.total > BUDGET_BYTES) {
    console.error(`check-budget: first-load JS of /management/devices is ${kb} KB gzip, over the 170 KB budget.`);
    failed = true;
  }
  if (report.forbidden.length) {
    const libs = [...new Set(report.forbidden.map((f) => f.source.replace(/.*node_modules\//, '').split('/')[0]))];
    console.error(`check-budget: the form engine is in the first-load chunks: ${libs.join(', ')}.`);
    failed = true;
  }
  if (failed) process.exit(1);
  console.log(`check-budget: first-load JS ${kb} KB gzip of 170 KB; no @rjsf or ajv in it.`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
