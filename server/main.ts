import { buildApp } from './app';
import { startDeviceSimulator } from './services/device-status';

// Entry point: `npx tsx server/main.ts` (npm start builds the console first).
// PORT (8080), DB_FILE (data/console.db), RESET_DB=1 (delete and reseed),
// DIST_DIR (dist), HOST (0.0.0.0), LOG=1 (request log, secrets redacted),
// SIMULATE_DEVICES=1 (demo: a random device changes status every 5 s).

const port = Number(process.env.PORT ?? 8080);
const app = await buildApp({
  dbFile: process.env.DB_FILE ?? 'data/console.db',
  reset: process.env.RESET_DB === '1',
  distDir: process.env.DIST_DIR ?? 'dist',
  logger: process.env.LOG === '1',
});
await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' });
if (process.env.SIMULATE_DEVICES === '1') startDeviceSimulator(app.ctx);
console.log(`Console and API on http://localhost:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
