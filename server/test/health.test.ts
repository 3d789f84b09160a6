import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { admin } from './postgres';
import { projectDatabase, type ProjectDatabase } from './project-database';
import { TEST_REDIS_URL, removeRedisKeys } from './redis';

// Liveness and readiness over real HTTP, with and without the real Redis, on
// the project's database (a copy of the run's seeded template: an SQLite file,
// or a PostgreSQL database dropped after), one for the file's servers;
// TRUST_PROXY decides whose X-Forwarded-For is believed.

const PREFIX = 'h10s:health:';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-health-'));
let database: ProjectDatabase | undefined;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await projectDatabase(dir, 'health.db', { seeded: true });
});

afterAll(async () => {
  for (const close of closers) await close();
  await database?.drop();
  await removeRedisKeys(PREFIX);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function start(options: Partial<AppOptions> = {}) {
  const app = await buildApp({ dbFile: database!.target, ...options });
  app.get('/api/test-ip', async (request) => ({ ip: request.ip }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/**
 * Makes the app's database unreachable: PostgreSQL refuses new connections to
 * it and ends the open ones (answering how to let them in again); SQLite, whose
 * database is in the process, has its connection closed.
 */
async function cutDatabase(app: FastifyInstance): Promise<(() => Promise<void>) | undefined> {
  const name = database!.postgresName;
  if (!name) {
    await app.ctx.db.destroy();
    return undefined;
  }
  await admin(async (client) => {
    await client.query(`alter database "${name}" allow_connections false`);
    await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
  });
  return async () => void (await admin((client) => client.query(`alter database "${name}" allow_connections true`)));
}

describe('health and readiness', () => {
  it('answers liveness and readiness of the database', async () => {
    const { url } = await start();
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ success: true, data: { status: 'ready', checks: { database: true } } });
  });

  it('checks Redis when it is configured, and answers 503 once it is gone', async () => {
    const { app, url } = await start({ redisUrl: TEST_REDIS_URL, redisPrefix: PREFIX });
    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { data: { checks: unknown } }).data.checks).toEqual({
      database: true,
      redis: true,
    });
    app.ctx.redis!.client.disconnect();
    const down = await fetch(`${url}/api/ready`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      success: false,
      errors: [{ code: 'NOT_READY', message: 'Not ready: redis unreachable.', source: null }],
    });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
  });

  it('answers 503 while the database is unreachable (on PostgreSQL, 200 again once it is back)', async () => {
    const { app, url } = await start();
    expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    const restore = await cutDatabase(app);
    try {
      const down = await fetch(`${url}/api/ready`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({
        success: false,
        errors: [{ code: 'NOT_READY', message: 'Not ready: database unreachable.', source: null }],
        meta: { checks: { database: false } },
      });
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
    } finally {
      await restore?.();
    }
    if (restore) expect((await fetch(`${url}/api/ready`)).status).toBe(200);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const untrusted = await start();
    expect(await (await fetch(`${untrusted.url}/api/test-ip`, { headers })).json()).toEqual({ ip: '127.0.0.1' });
    const trusted = await start({ trustProxy: ['127.0.0.1'] });
    expect(await (await fetch(`${trusted.url}/api/test-ip`, { headers })).json()).toEqual({ ip: '203.0.113.9' });
  });
});
