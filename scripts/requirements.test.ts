// Every "shell spec §N", "forms spec §N" and "contract N" the code cites must
// have its heading in docs/requirements.md, so a reader without the original
// spec documents can follow it.
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const THIS_FILE = 'scripts/requirements.test.ts';
const REQUIREMENTS = 'docs/requirements.md';
const SCANNED_DIRS = ['engine', 'renderer', 'console', 'server', 'scripts', 'e2e', 'fixtures', 'public', 'schemas'];
const SCANNED_EXTS = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.md']);
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'reports', 'test-results']);

interface Citation {
  /** The heading it needs: "Shell §4", "Forms §7" or "Contract 5". */
  key: string;
  line: number;
}

// Words of a citation may be split by a line break and a comment marker.
const GAP = String.raw`(?:\s|//|\*|#)+`;
// A section may be followed by a quoted label: (forms spec §4 "Toast", §5, §9).
const LABEL = String.raw`(?:\s*"[^"\n]{0,40}")?`;
const SPEC = new RegExp(
  String.raw`\b(forms|shell)${GAP}spec${GAP}?\(?§(\d+)${LABEL}((?:\s*(?:,|and|or|-|–)\s*§\d+${LABEL})*)`,
  'gi',
);
const CONTRACT = new RegExp(String.raw`\bcontracts?${GAP}(\d+)((?:\s*(?:,|and|or)\s*\d+)*)`, 'gi');

/** Section numbers of "§4", "§4, §5 and §9" or the range "§4-§7". */
function numbers(first: string, rest: string): number[] {
  const found = [Number(first)];
  for (const m of rest.replace(/"[^"]*"/g, '').matchAll(/(,|and|or|-|–)\s*§?(\d+)/g)) {
    const n = Number(m[2]);
    const from = found[found.length - 1];
    if ((m[1] === '-' || m[1] === '–') && from < n) for (let k = from + 1; k < n; k++) found.push(k);
    found.push(n);
  }
  return found;
}

const capitalised = (word: string) => word[0].toUpperCase() + word.slice(1).toLowerCase();

function citations(text: string): Citation[] {
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const out: Citation[] = [];
  for (const m of text.matchAll(SPEC)) {
    for (const n of numbers(m[2], m[3])) out.push({ key: `${capitalised(m[1])} §${n}`, line: lineOf(m.index) });
  }
  for (const m of text.matchAll(CONTRACT)) {
    for (const n of numbers(m[1], m[2])) out.push({ key: `Contract ${n}`, line: lineOf(m.index) });
  }
  return out;
}

/** Heading keys of the requirements ("Shell §4", "Contract 2") in document order. */
function headingKeys(markdown: string): string[] {
  return [...markdown.matchAll(/^## ((?:Shell|Forms) §\d+|Contract \d+) — \S/gm)].map((m) => m[1]);
}

/** GitHub's anchor of a heading: lower case, punctuation other than - and _ dropped, spaces to -. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return SCANNED_EXTS.has(extname(entry.name)) ? [path] : [];
  });
}

function citedInSource(): { place: string; key: string }[] {
  const topLevel = readdirSync(ROOT, { withFileTypes: true })
    .filter((entry) => entry.isFile() && SCANNED_EXTS.has(extname(entry.name)))
    .map((entry) => entry.name);
  const files = [...topLevel, ...SCANNED_DIRS.flatMap(sourceFiles)].filter((file) => file !== THIS_FILE);
  return files.flatMap((file) =>
    citations(readFileSync(join(ROOT, file), 'utf8')).map(({ key, line }) => ({
      place: `${relative(ROOT, join(ROOT, file))}:${line}`,
      key,
    })),
  );
}

const requirements = readFileSync(join(ROOT, REQUIREMENTS), 'utf8');

describe('citations in comments', () => {
  it('reads single sections, lists, ranges, wrapped lines and contracts', () => {
    const text = [
      '// Toasts (forms spec §4 "Toast", §5, §9): hidden -> shown.',
      '/** The global search of shell spec §4-§7. */',
      '// A form whose document lists requireChange fields (forms',
      '// spec §5) is not sent.',
      '// Human labels of the forms spec (§3 "Task names").',
      ' * Contract 5: whether the user holds a permission; see contracts 3 and 9.',
      '// shell spec §4, forms spec §8; the Shell Spec §1 too.',
    ].join('\n');
    expect(citations(text)).toEqual([
      { key: 'Forms §4', line: 1 },
      { key: 'Forms §5', line: 1 },
      { key: 'Forms §9', line: 1 },
      { key: 'Shell §4', line: 2 },
      { key: 'Shell §5', line: 2 },
      { key: 'Shell §6', line: 2 },
      { key: 'Shell §7', line: 2 },
      { key: 'Forms §5', line: 3 },
      { key: 'Forms §3', line: 5 },
      { key: 'Shell §4', line: 7 },
      { key: 'Forms §8', line: 7 },
      { key: 'Shell §1', line: 7 },
      { key: 'Contract 5', line: 6 },
      { key: 'Contract 3', line: 6 },
      { key: 'Contract 9', line: 6 },
    ]);
  });

  it('ignores the word "contract" without a number and sections of other documents', () => {
    expect(citations('## API contract (server and console)\n// RFC 6238 §5.2: never twice')).toEqual([]);
  });

  it('finds the citations of the source tree', () => {
    const cited = citedInSource();
    expect(cited.length).toBeGreaterThan(100);
    expect(cited).toContainEqual({
      place: expect.stringMatching(/^engine\/permissions\/can\.ts:\d+$/),
      key: 'Contract 5',
    });
  });
});

describe(REQUIREMENTS, () => {
  const keys = headingKeys(requirements);

  it('has every section of both documents once, in order, then contracts numbered from 1', () => {
    const sections = (doc: string) => Array.from({ length: 9 }, (_, i) => `${doc} §${i + 1}`);
    const contracts = keys.filter((key) => key.startsWith('Contract '));
    expect(keys).toEqual([...sections('Shell'), ...sections('Forms'), ...contracts]);
    expect(contracts).toEqual(contracts.map((_, i) => `Contract ${i + 1}`));
  });

  it('has a heading for every section and contract the code cites', () => {
    const headings = new Set(keys);
    const missing = citedInSource()
      .filter(({ key }) => !headings.has(key))
      .map(({ place, key }) => `${place} cites ${key}`);
    expect(missing).toEqual([]);
  });

  it('links only to anchors of its own headings', () => {
    const anchors = new Set([...requirements.matchAll(/^#{2,3} (.+)$/gm)].map((m) => slug(m[1])));
    const links = [...requirements.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => !anchors.has(link))).toEqual([]);
  });

  it('is linked from the README', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`](${REQUIREMENTS})`);
  });
});
