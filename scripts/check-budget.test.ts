import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measure, staticImports } from './check-budget';

function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'budget-'));
  mkdirSync(join(dir, 'assets'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

describe('check-budget', () => {
  it('finds static imports, not dynamic ones', () => {
    expect(staticImports('import{a as b}from"./x.js";import"./y.js";const c=()=>import("./lazy.js")')).toEqual([
      './x.js',
      './y.js',
    ]);
  });

  it('measures the entry and its static imports and flags the form engine', () => {
    const dir = dist({
      'index.html': '<script type="module" crossorigin src="/assets/index.js"></script>',
      'assets/index.js': 'import{x}from"./vendor.js";const lazy=()=>import("./form.js");',
      'assets/vendor.js': 'export const x=1;',
      'assets/vendor.js.map': JSON.stringify({ sources: ['../../node_modules/@rjsf/core/lib/index.js'] }),
      'assets/form.js': 'x'.repeat(500_000),
    });
    const report = measure(dir);
    expect(report.files.map((f) => f.file).sort()).toEqual(['assets/index.js', 'assets/vendor.js']);
    expect(report.total).toBeLessThan(1000);
    expect(report.forbidden).toHaveLength(1);
  });
});
