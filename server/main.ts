import type { AddressInfo } from 'node:net';
import { ConfigError, readConfig, type ServerConfig } from './config';

// Entry point: `npm run serve` (production, after `npm run build`) or
// `npm start` (builds the console first). The environment variables are
// listed in server/config.ts and docs/deployment-and-scaling.md ("Run in production").
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
  const { exitGracefully } = await import('./shutdown');
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
    mqtt: config.mqtt,
  });
  if (!config.mqtt.url) console.log(`MQTT broker for the devices on ${app.ctx.devices?.brokerUrl}`);
  await app.listen({ port: config.port, host: config.host });
  exitGracefully(app, config.shutdownTimeoutMs);
  const { port } = app.server.address() as AddressInfo;
  const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
  console.log(`Console and API on http://${host.includes(':') ? `[${host}]` : host}:${port}`);
} catch (error) {
  console.error(`Start failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
