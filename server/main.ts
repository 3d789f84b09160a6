import type { AddressInfo } from 'node:net';
import { ConfigError, readConfig, type ServerConfig } from './config';

// Entry point: `npm run serve` (production, after `npm run build`) or
// `npm start` (builds the console first). The environment variables are
// listed in server/config.ts and the README ("Run in production").
// NODE_ENV=test (the browser tests' server) hashes passwords at a test-only low cost.

function configuration(): ServerConfig {
  try {
    return readConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
}

const config = configuration();
try {
  // Loaded after the configuration passed, so a bad one fails at once.
  const { buildApp } = await import('./app');
  const { startDeviceSimulator } = await import('./services/device-status');
  const { exitGracefully } = await import('./shutdown');
  const { runAsLeader } = await import('./cluster/leader');
  const { TEST_PASSWORD_COST } = await import('./auth/password');
  const app = await buildApp({
    // A postgres:// URL when DATABASE_URL is set, else the SQLite file.
    dbFile: config.databaseUrl ?? config.dbFile,
    reset: config.resetDb,
    distDir: config.distDir,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    tokenKey: config.tokenKey,
    redisUrl: config.redisUrl,
    redisPrefix: config.redisPrefix,
    bulk: config.bulk,
    passwordCost: process.env.NODE_ENV === 'test' ? TEST_PASSWORD_COST : undefined,
  });
  if (config.simulateDevices) {
    // Once across instances: the instance holding the simulator's Redis lock runs it.
    const redis = app.ctx.redis;
    const stop = redis
      ? runAsLeader(redis, 'device-simulator', () => startDeviceSimulator(app.ctx))
      : startDeviceSimulator(app.ctx);
    app.addHook('preClose', async () => {
      await stop();
    });
  }
  await app.listen({ port: config.port, host: config.host });
  exitGracefully(app, config.shutdownTimeoutMs);
  const { port } = app.server.address() as AddressInfo;
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  console.log(`Console and API on http://${host.includes(':') ? `[${host}]` : host}:${port}`);
} catch (error) {
  console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
