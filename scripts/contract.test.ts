import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The console–server contract has one home, engine/contract/ (docs/architecture.md):
// no other module reads the failure envelope's error items, keys a route or
// fills an endpoint's placeholders. A second one (a function of the same name,
// code reaching into a body's `errors`, a placeholder pattern) fails here.

const ROOT = path.resolve(import.meta.dirname, '..');
const LAYERS = ['engine', 'renderer', 'console', 'server'];
const HOME = 'engine/contract/';

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return relative === 'server/test' ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const files = LAYERS.flatMap(sourceFiles).filter((file) => !file.startsWith(HOME));

/** The lines of the files outside engine/contract/ that match `pattern`, as `file:line: text`. */
function offending(pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('one reader of the failure envelope (engine/contract/envelope.ts)', () => {
  it('is the only definition of serverMessage, errorItems, firstErrorItem and failureBody', () => {
    expect(offending(/\b(?:function|const|let)\s+(?:serverMessage|errorItems|firstErrorItem|failureBody)\b/)).toEqual(
      [],
    );
  });

  it("is the only code that reaches into a body's error items", () => {
    expect(offending(/(?:data|body|response)\??\.errors\b|\berrors\?\.\[|\{\s*errors\?:/)).toEqual([]);
  });

  it('is found by these checks where it lives', () => {
    const home = readFileSync(path.join(ROOT, HOME, 'envelope.ts'), 'utf8');
    expect(home).toMatch(/export function serverMessage\b/);
    expect(home).toMatch(/body\.errors\b/);
  });
});

describe('one endpoint grammar (engine/contract/endpoint.ts)', () => {
  it('is the only key function and placeholder filler', () => {
    expect(
      offending(
        /\b(?:function|const|let)\s+(?:endpointKey|routeKey|fillPlaceholders|placeholderKeys|resolveEndpoint)\b/,
      ),
    ).toEqual([]);
  });

  it('is the only code that matches {key} placeholders', () => {
    // A `{name}` pattern: `\{(` followed by a name class or `\w`; translation templates (engine/i18n) are texts, not paths.
    const pattern = /\\\{\((?:\[|\\w)/;
    expect(offending(pattern).filter((line) => !line.startsWith('engine/i18n/'))).toEqual([]);
    expect(readFileSync(path.join(ROOT, HOME, 'endpoint.ts'), 'utf8')).toMatch(pattern);
  });
});
