import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8080);
const distDir = process.env.DIST_DIR ?? 'dist';

/**
 * Two workers, each with a server of its own: the specs run one after the
 * other on each server as they would on one, half of them on a second server
 * (port + 1000, its own database file). The spec files of the second half,
 * chosen so that both halves take about as long; a new spec joins the first
 * half. The large-fleet spec (pages.spec.ts) times interactions against a
 * frame budget and writes into the first server's database (E2E_PORT): it
 * runs last, on the first server, with no other browser test beside it.
 */
const SECOND_HALF = [
  'create-edit',
  'device-page',
  'forms',
  'forms-all',
  'forms-edit-company',
  'guest-walk',
  'list-states',
  'list-toolbar',
  'pages-access',
  'pages-mfa',
  'refusals',
  'serving',
  'shell',
  'shell-impersonation',
  'shell-widgets',
].map((name) => `**/${name}.spec.ts`);
const LARGE_FLEET = '**/pages.spec.ts';
const ports = [port, port + 1000];
const urls = ports.map((port) => `http://localhost:${port}`);

// BULK_PAUSE_MS: a bulk job's progress is followable on a loaded machine too (the action-channel test).
const server = (port: number) => ({
  command: 'tsx server/main.ts',
  url: `http://localhost:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  env: {
    PORT: String(port),
    DB_FILE: `data/e2e-${port}.db`,
    RESET_DB: '1',
    DIST_DIR: distDir,
    NODE_ENV: 'test',
    BULK_PAUSE_MS: '150',
  },
});

// Browser tests drive Debian's Chromium (/usr/bin/chromium) against the real
// reference server on a fresh database file. Nothing is downloaded.
export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: ports.length,
  projects: [
    { name: 'e2e', testIgnore: [...SECOND_HALF, LARGE_FLEET], workers: 1, use: { baseURL: urls[0] } },
    { name: 'e2e-2', testMatch: SECOND_HALF, workers: 1, use: { baseURL: urls[1] } },
    { name: 'e2e-fleet', testMatch: LARGE_FLEET, dependencies: ['e2e', 'e2e-2'], use: { baseURL: urls[0] } },
  ],
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: ports.map(server),
});
