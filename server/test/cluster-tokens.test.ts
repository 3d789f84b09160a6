import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, rows } from './harness';
import { projectDatabase, type ProjectDatabase } from './project-database';
import { startServerProcess, stopServerProcesses, type ServerProcess } from './process';
import { TEST_REDIS_URL, removeRedisKeys } from './redis';
import { statusCompleted } from './status';

// Personal access tokens and the HTTP status channel across two instances of
// the real server (separate processes) over one database (PostgreSQL in the
// postgres project) and one Redis (issue 29): a token created on A works on
// B, its revocation on A holds on B at the next call, and a job a token
// started on A is followed by polling B's status channel.

const prefix = `h10s:cluster-tokens:${randomBytes(4).toString('hex')}:`;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-cluster-tokens-'));
let database: ProjectDatabase | undefined;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  database = await projectDatabase(dir, 'shared.db');
  const env = {
    ...database.env,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: prefix,
    TOKEN_KEY: randomBytes(32).toString('base64'),
    NODE_ENV: 'test',
  };
  a = await startServerProcess(env);
  b = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  await stopServerProcesses([a, b]);
  await database?.drop();
  await removeRedisKeys(prefix);
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A token made on A's API tokens page by the account, with the scopes. */
async function tokenOnA(email: string, scopes: string[]) {
  const owner = new Client(a.url);
  expect((await owner.login(email)).status).toBe(200);
  const reply = await owner.post('/api/account/tokens', { name: 'cluster', expires_in: 30, scopes });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  const { id, token } = reply.body.data as { id: number; token: string };
  return { owner, id, token };
}

describe('tokens across two instances', () => {
  it('a token created on A works on B, and its revocation on A holds on B at the next call', async () => {
    const { owner, id, token } = await tokenOnA('admin@example.com', ['devices:read']);
    const onB = new Client(b.url, token);
    const me = await onB.get<{ data: { email: string } }>('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe('admin@example.com');
    expect((await onB.get('/api/devices?limit=1')).status).toBe(200); // cached on B now
    expect((await onB.get('/api/companies?limit=1')).status).toBe(403); // outside its scopes on B too
    expect((await owner.delete(`/api/account/tokens/${id}`)).status).toBe(200);
    expect((await onB.get('/api/devices?limit=1')).status).toBe(401);
    expect((await new Client(a.url, token).get('/api/devices?limit=1')).status).toBe(401);
  });

  it("follows on B's status channel a job a token started on A; another user's token is refused there", async () => {
    const { token } = await tokenOnA('admin@example.com', ['devices:write']);
    const onA = new Client(a.url, token);
    const devices = rows(await onA.get('/api/devices?company_id=1&limit=5&fields=id')).map((d) => d.id);
    const reply = await onA.post<{ meta: { channel: string } }>('/api/devices/tags/assign', {
      device_id: devices,
      tag_id: 2,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const { channel } = reply.body.meta;
    const data = await statusCompleted(new Client(b.url, token), channel);
    expect(data['-1'].at(-1)).toMatchObject({ status: 'completed', total: 5, done: 5, failed: 0 });
    const { token: foreign } = await tokenOnA('globex.admin@example.com', ['devices:read']);
    expect((await new Client(b.url, foreign).get(`/status/channel/${channel}`)).status).toBe(403);
  });
});
