import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8080);
const distDir = process.env.DIST_DIR ?? 'dist';

/**
 * Two workers, each with a server of its own: the specs run one after the
 * other on each server as they would on one, half of them on a second server
 * (port + 1000, its own database file). The spec files of the second half,
 * chosen so that both halves take about as long (in the CI run of 2026-12-02:
 * 1,343 s of tests on the first server against 844 s on the second, before
 * map and remote-access moved over); a new spec joins the first half. The
 * large-fleet spec (pages.spec.ts) times interactions against a frame budget
 * and writes into the first server's database (E2E_PORT): it runs last, on
 * the first server, with no other browser test beside it.
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
  'map',
  'pages-access',
  'pages-mfa',
  'refusals',
  'remote-access',
  'serving',
  'shell',
  'shell-impersonation',
  'shell-widgets',
].map((name) => `**/${name}.spec.ts`);
const LARGE_FLEET = '**/pages.spec.ts';
const ports = [port, port + 1000];
const urls = ports.map((port) => `http://localhost:${port}`);

// BULK_PAUSE_MS: a bulk job's progress is followable on a loaded machine too (the action-channel test).
// Each server runs its embedded MQTT broker on a port of its own (port + 10000: this machine's Mosquitto
// holds 1883) and the fleet simulator beside it for every seeded device (scripts/start-with-fleet.ts),
// polled every 5 s, without random drop-outs; a reboot keeps a device silent for 25 s, long enough to be
// seen offline (3 missed polls) before it is back.
const server = (port: number) => ({
  command: 'tsx scripts/start-with-fleet.ts',
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
    MQTT_PORT: String(port + 10000),
    MQTT_POLL_SECONDS: '5',
    FLEET_SIMULATE: '1',
    FLEET_DROPOUTS_PER_HOUR: '0',
    FLEET_REBOOT_MS: '25000',
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
