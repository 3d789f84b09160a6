import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { build } from 'vite';

// npm run bench:forms — in Chromium, mount time and keystroke-to-paint latency
// of generated documents (50 to 10,000 fields with depends chains) for our
// engine, plain @rjsf/core on the same JSON Schema, JSON Forms (vanilla) and
// react-hook-form, each as its documentation advises and each rendering the
// same controls (the engine's depends fields shown); then a 100,000-line CSV
// import into ListInput and a 2,000-row TableInput. The engine's forms skip
// laying out off-screen runs of fields (content-visibility): it is measured
// with that off too, and each peer is offered the same in a second row.
// Prints a table and the ratios against plain @rjsf/core and react-hook-form.

const SIZES = (process.env.BENCH_SIZES ?? '50,200,1000,5000,10000').split(',').map(Number);
const CONTENDERS = ['engine', 'rjsf', 'jsonforms', 'rhf'] as const;
type Contender = (typeof CONTENDERS)[number];
interface Variant {
  name: string;
  contender: Contender;
  runs?: boolean;
  cvOff?: boolean;
}
const ALL_VARIANTS: Variant[] = [
  { name: 'engine', contender: 'engine' },
  { name: 'engine, cv off', contender: 'engine', cvOff: true },
  { name: 'rjsf', contender: 'rjsf' },
  { name: 'rjsf + cv', contender: 'rjsf', runs: true },
  { name: 'jsonforms', contender: 'jsonforms' },
  { name: 'jsonforms + cv', contender: 'jsonforms', runs: true },
  { name: 'rhf', contender: 'rhf' },
  { name: 'rhf + cv', contender: 'rhf', runs: true },
];
/** BENCH_VARIANTS: a semicolon list of the variants to run (default all; names hold commas), e.g. "engine;engine, cv off". */
const VARIANTS = process.env.BENCH_VARIANTS
  ? ALL_VARIANTS.filter((v) =>
      process.env
        .BENCH_VARIANTS!.split(';')
        .map((name) => name.trim())
        .includes(v.name),
    )
  : ALL_VARIANTS;
/** Median of five mounts; of three past 1,000 fields, where a peer's mount takes seconds. */
const mountRuns = (size: number) => (size > 1000 ? 3 : 5);
/** Unmeasured mounts per contender first: V8 compiles a function's optimised code after many calls, not one. */
const WARMUP_MOUNTS = 5;
/** A variant whose median mount takes longer than this is not run at larger sizes. */
const SKIP_AFTER_MS = Number(process.env.BENCH_SKIP_AFTER_MS ?? 10_000);
const CSV_LINES = Number(process.env.BENCH_CSV_LINES ?? 100_000);
const TABLE_ROWS = 2000;
const CSV_LIMIT_MS = Number(process.env.BENCH_CSV_LIMIT_MS ?? 60_000);

const configFile = fileURLToPath(new URL('./bench-forms/vite.config.ts', import.meta.url));
const distDir = fileURLToPath(new URL('../.e2e/bench-forms-dist', import.meta.url));

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}/` });
    }),
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : `over ${CSV_LIMIT_MS / 1000} s`);

interface Row {
  size: number;
  variant: string;
  controls: number;
  /** The median mount's time in style recalculation and layout (Chromium's counters). */
  spent: Spent;
  mount: number;
  keystroke: number;
  /** Set when the field did not show the typed text once settled: what it showed. */
  dropped?: string;
}

/** A mount's style recalculation and layout time, from Chromium's own counters (DevTools protocol): ms. */
interface Spent {
  style: number;
  layout: number;
}
async function spentSoFar(cdp: CDPSession): Promise<Spent> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const seconds = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
  return {
    style: seconds('RecalcStyleDuration') * 1000,
    layout: seconds('LayoutDuration') * 1000,
  };
}
const spentBetween = (a: Spent, b: Spent): Spent => ({
  style: b.style - a.style,
  layout: b.layout - a.layout,
});

async function measureForms(page: Page, cdp: CDPSession): Promise<Row[]> {
  const rows: Row[] = [];
  // Warm-up: every contender mounts WARMUP_MOUNTS times, so no one pays its first runs' JIT cost in the table.
  for (const contender of CONTENDERS)
    for (let i = 0; i < WARMUP_MOUNTS; i++)
      await page.evaluate((c) => window.bench.mountForm(c as never, 50), contender);
  /** Variants whose mount passed SKIP_AFTER_MS: not run at the larger sizes (JSON Forms takes minutes there). */
  const tooSlow = new Map<string, number>();
  for (const size of SIZES) {
    for (const variant of VARIANTS) {
      if (tooSlow.has(variant.name)) {
        console.error(
          `  ${size} fields, ${variant.name}: not run (mount over ${SKIP_AFTER_MS / 1000} s at ${tooSlow.get(variant.name)})`,
        );
        continue;
      }
      const mounts: number[] = [];
      let controls = 0;
      const spent: Spent[] = [];
      for (let i = 0; i < mountRuns(size); i++) {
        const before = await spentSoFar(cdp);
        const mounted = await page.evaluate(
          ([v, n]) => window.bench.mountForm((v as Variant).contender, n as number, v as Variant),
          [variant, size] as const,
        );
        mounts.push(mounted.ms);
        controls = mounted.controls;
        spent.push(spentBetween(before, await spentSoFar(cdp)));
      }
      const { ms: keystroke, dropped } = await page.evaluate(
        (c) => window.bench.keystrokes(c as never),
        variant.contender,
      );
      // Our engine losing typed text is a defect, not a figure; a peer's is reported in the table.
      if (dropped && variant.contender === 'engine')
        throw new Error(`The engine lost typed text at ${size} fields: ${dropped}`);
      const medianMount = mounts.indexOf(median(mounts));
      rows.push({
        size,
        variant: variant.name,
        controls,
        spent: spent[medianMount],
        mount: median(mounts),
        keystroke,
        dropped,
      });
      console.error(
        `  ${size} fields, ${variant.name}: ${controls} controls, mount ${ms(median(mounts))} (${split(spent[medianMount])}), keystroke ${ms(keystroke)}${dropped ? ` (${dropped})` : ''}`,
      );
    }
  }
  return rows;
}

const split = (s: Spent) => `${s.style.toFixed(0)} / ${s.layout.toFixed(0)} ms`;

const rowOf = (rows: Row[], size: number, variant: string) =>
  rows.find((r) => r.size === size && r.variant === variant);

function printForms(rows: Row[]): void {
  console.log('\nForm documents (median; keystroke = input event to frame ready to paint; cv = content-visibility)\n');
  console.log(
    '| fields | contender | controls | mount | style / layout | keystroke | mount / rjsf | keystroke / rjsf | mount / rhf | keystroke / rhf |',
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    const rjsf = rowOf(rows, row.size, 'rjsf') ?? { mount: NaN, keystroke: NaN };
    const rhf = rowOf(rows, row.size, 'rhf') ?? { mount: NaN, keystroke: NaN };
    const ratio = (a: number, b: number) => (Number.isFinite(b) ? (a / b).toFixed(2) : '-');
    console.log(
      `| ${row.size} | ${row.variant} | ${row.controls} | ${ms(row.mount)} | ${split(row.spent)} | ${ms(row.keystroke)}${row.dropped ? ' *' : ''} | ${ratio(row.mount, rjsf.mount)} | ${ratio(row.keystroke, rjsf.keystroke)} | ${ratio(row.mount, rhf.mount)} | ${ratio(row.keystroke, rhf.keystroke)} |`,
    );
  }
  for (const row of rows.filter((r) => r.dropped))
    console.log(`\n* ${row.variant} at ${row.size} fields lost a keystroke: ${row.dropped}.`);
  const counts = new Set(rows.map((r) => `${r.size}:${r.controls}`));
  if (counts.size !== SIZES.length)
    console.log('\nNote: the contenders did not render the same number of controls at every size (column controls).');
}

function printAims(rows: Row[]): void {
  const engine = (size: number) => rowOf(rows, size, 'engine')!;
  const figure = (size: number, variant: string, of: 'mount' | 'keystroke') => rowOf(rows, size, variant)?.[of] ?? NaN;
  /** The worst ratio over the sizes where both were run. */
  const worst = (f: (size: number) => number) => {
    const ratios = SIZES.map(f).filter(Number.isFinite);
    return ratios.length ? Math.max(...ratios).toFixed(2) : 'not measured (a contender was not run)';
  };
  const first = SIZES[0];
  const last = SIZES[SIZES.length - 1];
  console.log('\nAims');
  console.log(
    `- keystroke at most react-hook-form's at every size: worst engine / rhf ${worst((n) => engine(n).keystroke / figure(n, 'rhf', 'keystroke'))}`,
  );
  console.log(
    `- keystroke flat from ${first} to ${last} fields: ${ms(engine(first).keystroke)} to ${ms(engine(last).keystroke)} (${(engine(last).keystroke / engine(first).keystroke).toFixed(2)}x)`,
  );
  console.log(
    `- mount at most 0.8x rjsf's, same controls, cv off: worst engine, cv off / rjsf ${worst((n) => figure(n, 'engine, cv off', 'mount') / figure(n, 'rjsf', 'mount'))}`,
  );
}

async function main() {
  console.error('Building the bench page…');
  await build({ configFile });
  const { server, url } = await serve(distDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (error) => console.error('page error:', error.message));
    await page.goto(url);
    await page.waitForFunction(() => window.bench?.ready === true);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const rows = await measureForms(page, cdp);
    const table = await page.evaluate((n) => window.bench.tableRows(n), TABLE_ROWS);
    // The import runs as one task in the page; give up waiting after CSV_LIMIT_MS (the page stays busy).
    const csv = await Promise.race([
      page.evaluate((n) => window.bench.csvImport(n), CSV_LINES),
      new Promise<{ ms: number; items: number }>((resolve) =>
        setTimeout(() => resolve({ ms: Number.POSITIVE_INFINITY, items: 0 }), CSV_LIMIT_MS),
      ),
    ]);
    printForms(rows);
    console.log('\nLarge inputs (engine)\n');
    console.log('| scenario | result |');
    console.log('|---|---:|');
    console.log(
      `| CSV import of ${CSV_LINES.toLocaleString('en')} lines into ListInput, to interactive | ${ms(csv.ms)} |`,
    );
    console.log(`| TableInput with ${TABLE_ROWS} rows, mount | ${ms(table.mount)} |`);
    console.log(`| TableInput with ${TABLE_ROWS} rows, keystroke | ${ms(table.keystroke)} |`);
    printAims(rows);
    console.log(`- 100,000 CSV lines interactive within 1 s: ${ms(csv.ms)}`);
  } finally {
    await browser.close();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
