// Prints one closing line for the whole `npm test` run from the JSON reports
// of Vitest (reports/vitest.json) and Playwright (reports/e2e.json):
//   tests: N passed, N failed, N skipped
import { existsSync, readFileSync } from 'node:fs';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function readJson(path: string): unknown {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

export function vitestCounts(report: unknown): Counts {
  const r = (report ?? {}) as {
    numPassedTests?: number;
    numFailedTests?: number;
    numPendingTests?: number;
    numTodoTests?: number;
  };
  return {
    passed: r.numPassedTests ?? 0,
    failed: r.numFailedTests ?? 0,
    skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
  };
}

export function playwrightCounts(report: unknown): Counts {
  const s =
    ((report ?? {}) as { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number } })
      .stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
}

const parts = [vitestCounts(readJson('reports/vitest.json')), playwrightCounts(readJson('reports/e2e.json'))];
const total = parts.reduce((a, b) => ({
  passed: a.passed + b.passed,
  failed: a.failed + b.failed,
  skipped: a.skipped + b.skipped,
}));
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exitCode = total.failed > 0 || total.passed === 0 ? 1 : 0;
