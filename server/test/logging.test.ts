import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { Client } from './harness';

// Request logs over real HTTP: secrets redacted, every 5xx logged at error
// level with the request id that the response names in X-Request-Id.

const lines: Record<string, unknown>[] = [];
let app: FastifyInstance;
let url: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-logging-'));

beforeAll(async () => {
  app = await buildApp({
    dbFile: path.join(dir, 'test.db'),
    devices: 5,
    logLevel: 'info',
    logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  app.get('/api/test-failure', async () => {
    throw new Error('database exploded');
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('request logging', () => {
  it('logs every 5xx at error level with its request id, and answers no detail', async () => {
    const response = await fetch(`${url}/api/test-failure`);
    expect(response.status).toBe(500);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await response.text()).not.toContain('exploded');
    const errors = lines.filter((l) => l.reqId === id && l.level === 50);
    expect(errors.map((l) => l.msg)).toContain('server error response');
    expect(JSON.stringify(errors)).toContain('database exploded');
  });

  it('writes one line per answered request, with what an operator looks for', async () => {
    const response = await fetch(`${url}/api/health?probe=one-line`);
    const id = response.headers.get('x-request-id');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', url: '/api/health?probe=one-line' });
    expect(mine[0].status).toBe(response.status);
    expect(mine[0].ms).toEqual(expect.any(Number));
    expect(mine[0].remoteAddress).toBe('127.0.0.1');
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });

  it('names the signed-in caller by user id', async () => {
    const client = new Client(url);
    await client.login('admin@example.com');
    const before = lines.length;
    await client.get('/api/user');
    const line = lines.slice(before).find((l) => l.url === '/api/user');
    expect(line?.user).toEqual(expect.any(Number));
  });

  it('never writes cookies, tokens, passwords or MFA codes', async () => {
    const client = new Client(url);
    await client.login('admin@example.com');
    const session = client.cookies.get('rms_access')!;
    await client.delete('/api/admin/users/x@example.com/mfa?session_code=123456&session_id=abc&keep=1');
    await client.get('/api/user?access_token=tok-secret');
    const log = JSON.stringify(lines);
    expect(log).toContain('session_code=[redacted]');
    expect(log).toContain('keep=1');
    for (const secret of [session, '123456', 'tok-secret', 'Demo-Password-1', client.cookies.get('XSRF-TOKEN')!]) {
      expect(log).not.toContain(secret);
    }
  });
});
