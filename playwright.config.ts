import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8080);
const distDir = process.env.DIST_DIR ?? 'dist';

// Browser tests drive Debian's Chromium (/usr/bin/chromium) against the real
// reference server on a fresh database file. Nothing is downloaded.
export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/e2e-${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
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
  webServer: {
    command: 'tsx server/main.ts',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // BULK_PAUSE_MS: a bulk job's progress is followable on a loaded machine too (the action-channel test).
    env: {
      PORT: String(port),
      DB_FILE: `data/e2e-${port}.db`,
      RESET_DB: '1',
      DIST_DIR: distDir,
      NODE_ENV: 'test',
      BULK_PAUSE_MS: '150',
    },
  },
});
