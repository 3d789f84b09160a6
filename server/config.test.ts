import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

// Every variable is checked at start; a bad one names itself, the rule and
// (unless it may hold a password) the value.

const error = (env: Record<string, string>) => {
  try {
    readConfig(env);
  } catch (e) {
    return (e as Error).message;
  }
  return null;
};

describe('readConfig', () => {
  it('has safe defaults: loopback, port 8080, info logs, no proxy trusted', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ host: '127.0.0.1', port: 8080, logLevel: 'info', trustProxy: false });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
    expect(config.shutdownTimeoutMs).toBe(10_000);
  });

  it('reads every variable', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const config = readConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://app:pw@db:5432/fleet',
      REDIS_URL: 'redis://cache:6379/2',
      REDIS_PREFIX: 'acme:',
      LOG_LEVEL: 'debug',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      TOKEN_KEY: key,
      SHUTDOWN_TIMEOUT_MS: '2500',
      BULK_CHUNK_SIZE: '50',
      RESET_DB: '1',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://app:pw@db:5432/fleet',
      redisUrl: 'redis://cache:6379/2',
      redisPrefix: 'acme:',
      logLevel: 'debug',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      shutdownTimeoutMs: 2500,
      bulk: { chunkSize: 50, pauseMs: 0 },
      resetDb: true,
    });
    expect(config.tokenKey?.equals(Buffer.alloc(32, 7))).toBe(true);
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT must be an integer from 0 to 65535 (got "abc").'],
    [{ PORT: '70000' }, 'PORT must be an integer from 0 to 65535 (got "70000").'],
    [{ PORT: '80.5' }, 'PORT must be an integer from 0 to 65535 (got "80.5").'],
    [
      { DATABASE_URL: 'mysql://u:secret@db/x' },
      'DATABASE_URL must be a URL starting with postgres:// or postgresql://.',
    ],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL must be a URL starting with postgres:// or postgresql://.'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL must be a URL starting with redis:// or rediss://.'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud").'],
    [
      { TRUST_PROXY: 'everyone' },
      'TRUST_PROXY must be true, false, a hop count or a comma list of addresses or CIDR ranges (got "everyone").',
    ],
    [{ TOKEN_KEY: 'c2hvcnQ=' }, 'TOKEN_KEY must be base64 of at least 32 random bytes.'],
    [{ SHUTDOWN_TIMEOUT_MS: '-1' }, 'SHUTDOWN_TIMEOUT_MS must be an integer from 100 to 600000 (got "-1").'],
    [{ RESET_DB: 'yes' }, 'RESET_DB must be 1, true, 0 or false (got "yes").'],
    [{ HOST: 'http://x/' }, 'HOST must be an address or host name (got "http://x/").'],
  ])('%o fails with one line', (env, message) => {
    expect(error(env)).toBe(message);
  });

  it('never repeats a secret in its message', () => {
    expect(error({ DATABASE_URL: 'mysql://u:hunter2@db/x' })).not.toContain('hunter2');
    expect(error({ TOKEN_KEY: 'hunter2' })).not.toContain('hunter2');
  });
});
