import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { TEST_REDIS_URL, removeRedisKeys } from './redis';

// Liveness and readiness over real HTTP, with and without the real Redis;
// TRUST_PROXY decides whose X-Forwarded-For is believed.

const PREFIX = 'h10s:health:';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-health-'));
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  await removeRedisKeys(PREFIX);
  fs.rmSync(dir, { recursive: true, force: true });
});

async function start(options: Partial<AppOptions>, name: string) {
  const app = await buildApp({ dbFile: path.join(dir, `${name}.db`), devices: 5, ...options });
  app.get('/api/test-ip', async (request) => ({ ip: request.ip }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

describe('health and readiness', () => {
  it('answers liveness and readiness of the database', async () => {
    const { url } = await start({}, 'plain');
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    const ready = await fetch(`${url}/api/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ success: true, data: { status: 'ready', checks: { database: true } } });
  });

  it('checks Redis when it is configured, and answers 503 once it is gone', async () => {
    const { app, url } = await start({ redisUrl: TEST_REDIS_URL, redisPrefix: PREFIX }, 'redis');
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

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const untrusted = await start({}, 'untrusted');
    expect(await (await fetch(`${untrusted.url}/api/test-ip`, { headers })).json()).toEqual({ ip: '127.0.0.1' });
    const trusted = await start({ trustProxy: ['127.0.0.1'] }, 'trusted');
    expect(await (await fetch(`${trusted.url}/api/test-ip`, { headers })).json()).toEqual({ ip: '203.0.113.9' });
  });
});
