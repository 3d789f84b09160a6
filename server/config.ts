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
//   MQTT_URL             mqtt://… or mqtts://… an external broker for the devices (else the embedded one)
//   MQTT_HOST            127.0.0.1; where the embedded broker listens
//   MQTT_PORT            1883; the embedded broker's port (0 takes a free one, printed at start)
//   MQTT_USERNAME        fleet-gateway; the gateway's own MQTT user
//   MQTT_PASSWORD        its password (required with MQTT_URL when the broker checks; random per start if embedded)
//   MQTT_TOPIC_PREFIX    empty; a namespace before every device topic, levels ending in '/'
//   MQTT_ENROLLMENT      1; serials without a device record may connect to the embedded broker, to be discovered
//   MQTT_DISCOVERY_SECONDS 300; how often the gateway asks every device for its serial
//   MQTT_ANSWER_SECONDS  10; how long a poll round waits for the device's answers (at most the poll interval)
//   MQTT_POLL_SECONDS    unset; polls every device this often instead of its dynamic monitoring interval (demos)

import { BULK_CHUNK } from './services/bulk';
import type { GatewayOptions } from './devices/gateway';

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
  mqtt: GatewayOptions;
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
    mqtt: mqttConfig(env),
  };
}

function mqttConfig(env: Env): GatewayOptions {
  const host = env.MQTT_HOST?.trim() || '127.0.0.1';
  if (/[\s/]/.test(host)) fail('MQTT_HOST', 'an address or host name', host);
  const username = env.MQTT_USERNAME?.trim() || 'fleet-gateway';
  if (/[\s:]/.test(username) || /^[0-9]+$/.test(username))
    fail('MQTT_USERNAME', 'a user name without spaces or colons that is not a serial (digits only)', username);
  const topicPrefix = env.MQTT_TOPIC_PREFIX?.trim() ?? '';
  if (!/^(?:[A-Za-z0-9_.-]+\/)*$/.test(topicPrefix))
    fail('MQTT_TOPIC_PREFIX', "empty or levels of letters, digits, _ . - each ending in '/'", topicPrefix);
  const enrollment = env.MQTT_ENROLLMENT?.trim() ? flag(env, 'MQTT_ENROLLMENT') : true;
  return {
    url: url(env, 'MQTT_URL', ['mqtt:', 'mqtts:', 'ws:', 'wss:']),
    host,
    port: integer(env, 'MQTT_PORT', 1883, 0, 65535),
    username,
    password: env.MQTT_PASSWORD || undefined,
    topicPrefix,
    enrollment,
    discoveryMs: integer(env, 'MQTT_DISCOVERY_SECONDS', 300, 5, 86_400) * 1000,
    answerMs: integer(env, 'MQTT_ANSWER_SECONDS', 10, 1, 600) * 1000,
    pollIntervalMs: env.MQTT_POLL_SECONDS?.trim() ? integer(env, 'MQTT_POLL_SECONDS', 60, 1, 86_400) * 1000 : undefined,
  };
}
