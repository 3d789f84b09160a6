// The server's configuration, read from the environment once at start and
// checked: a bad value stops the start with one line naming the variable,
// what it must be and what it was (never the value of a secret).
//
//   PORT                 8080; integer 0..65535
//   HOST                 127.0.0.1; the address to listen on (0.0.0.0 for every interface)
//   DB_FILE              data/console.db; the embedded SQLite database
//   DATABASE_URL         postgres://… (a shared PostgreSQL instead of DB_FILE)
//   REDIS_URL            redis://… (several instances share realtime, limits, caches, jobs)
//   REDIS_PREFIX         fleet:; prefix of every Redis key and channel
//   LOG_LEVEL            info; fatal, error, warn, info, debug, trace or silent
//   TRUST_PROXY          false; true, a hop count, or a comma list of proxy addresses/CIDRs
//   TOKEN_KEY            base64 of at least 32 bytes; the session signing key (else kept in the database)
//   SHUTDOWN_TIMEOUT_MS  10000; how long a graceful shutdown waits for requests and jobs
//   BULK_CHUNK_SIZE      500; devices per chunk of a bulk operation
//   BULK_PAUSE_MS        0; pause between chunks, leaving the database to interactive work
//   DIST_DIR             dist; the built console
//   RESET_DB=1           delete and reseed the SQLite database
//   SIMULATE_DEVICES=1   demo: a random device changes status every 5 s; VPN and hotspot users come and go

import { BULK_CHUNK } from './services/bulk';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type TrustProxy = boolean | number | string[];

export interface ServerConfig {
  port: number;
  host: string;
  dbFile: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  tokenKey?: Buffer;
  shutdownTimeoutMs: number;
  bulk: { chunkSize: number; pauseMs: number };
  distDir: string;
  resetDb: boolean;
  simulateDevices: boolean;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function fail(name: string, rule: string, got?: string): never {
  throw new ConfigError(`${name} must be ${rule}${got === undefined ? '' : ` (got ${JSON.stringify(got)})`}.`);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) fail(name, `an integer from ${min} to ${max}`, raw);
  return value;
}

function url(env: Env, name: string, protocols: string[], secret = true): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  let parsed: URL | undefined;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = undefined;
  }
  const rule = `a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`;
  // A connection URL may hold a password: name the variable, not its value.
  if (!parsed || !protocols.includes(parsed.protocol) || !parsed.hostname) {
    fail(name, rule, secret ? undefined : raw);
  }
  return raw;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name]?.trim();
  if (!raw || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  return fail(name, '1, true, 0 or false', raw);
}

function trustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim();
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((part) => part.trim());
  const address = /^[0-9a-f.:]+(\/\d{1,3})?$/i;
  if (list.some((part) => !address.test(part) && !['loopback', 'linklocal', 'uniquelocal'].includes(part))) {
    fail('TRUST_PROXY', 'true, false, a hop count or a comma list of addresses or CIDR ranges', value);
  }
  return list;
}

function tokenKey(raw: string | undefined): Buffer | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const key = Buffer.from(value, 'base64');
  if (!/^[A-Za-z0-9+/]+=*$/.test(value) || key.length < 32) fail('TOKEN_KEY', 'base64 of at least 32 random bytes');
  return key;
}

/** Reads and checks the configuration; throws ConfigError with one line saying what is wrong. */
export function readConfig(env: Env = process.env): ServerConfig {
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) fail('LOG_LEVEL', `one of ${LOG_LEVELS.join(', ')}`, logLevel);
  const host = env.HOST?.trim() || '127.0.0.1';
  if (/[\s/]/.test(host)) fail('HOST', 'an address or host name', host);
  const redisPrefix = env.REDIS_PREFIX?.trim() || 'fleet:';
  if (!/^[\w.:-]{1,64}$/.test(redisPrefix)) fail('REDIS_PREFIX', 'up to 64 letters, digits, _ . : or -', redisPrefix);
  return {
    port: integer(env, 'PORT', 8080, 0, 65535),
    host,
    dbFile: env.DB_FILE?.trim() || 'data/console.db',
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix,
    logLevel,
    trustProxy: trustProxy(env.TRUST_PROXY),
    tokenKey: tokenKey(env.TOKEN_KEY),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    bulk: {
      chunkSize: integer(env, 'BULK_CHUNK_SIZE', BULK_CHUNK, 1, 10_000),
      pauseMs: integer(env, 'BULK_PAUSE_MS', 0, 0, 60_000),
    },
    distDir: env.DIST_DIR?.trim() || 'dist',
    resetDb: flag(env, 'RESET_DB'),
    simulateDevices: flag(env, 'SIMULATE_DEVICES'),
  };
}
