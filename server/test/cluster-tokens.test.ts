import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, rows } from './harness';
import { inDatabase } from './project-database';
import { sharedBackend, type SharedBackend } from './instances';
import { startServerProcess, stopServerProcesses, type ServerProcess } from './process';
import { statusCompleted } from './status';

// Personal access tokens and the HTTP status channel across two instances of
// the real server (separate processes) over one database (PostgreSQL in the
// postgres project) and one Redis (issue 29): a token created on A works on
// B, its revocation on A holds on B at the next call, and a job a token
// started on A is followed by polling B's status channel. A token at its
// edges answers alike on both, at once: expired 401, its user's role losing
// the permission 403, its user deleted 401.

let backend: SharedBackend | undefined;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  backend = await sharedBackend('cluster-tokens');
  a = await startServerProcess(backend.env);
  b = await startServerProcess(backend.env);
}, 120_000);

afterAll(async () => {
  await stopServerProcesses([a, b]);
  await backend?.remove();
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

  it('a token past its expiry is refused on both instances', async () => {
    const { id, token } = await tokenOnA('advguest@example.com', ['devices:read']);
    await inDatabase(backend!.database.target, (db) =>
      db.updateTable('api_tokens').set({ expires_at: '2026-01-01T00:00:00.000Z' }).where('id', '=', id).execute(),
    );
    for (const url of [a.url, b.url])
      expect((await new Client(url, token).get('/api/devices?limit=1')).status).toBe(401);
  });

  it("a token whose user's role loses the permission is refused on B at once; a deleted user's token too", async () => {
    const { token } = await tokenOnA('enduser@example.com', ['tags:write']);
    const onB = new Client(b.url, token);
    const tag = (name: string) => onB.post('/api/tags', { name, company_id: 2 });
    const made = await tag('Made on B');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const admin = new Client(a.url);
    expect((await admin.login('super@example.com')).status).toBe(200);
    const user = rows(await admin.get('/api/users?limit=100&q=enduser@example.com')).find(
      (u) => u.email === 'enduser@example.com',
    )!;
    // The token keeps its scope; its user loses create_tags (read_only lacks it).
    const changed = await admin.put(`/api/users/${user.id}`, { company_id: user.company_id, role: 'read_only' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await tag('Refused on B')).status).toBe(403);
    expect((await onB.get('/api/user')).status).toBe(200);
    expect((await admin.delete(`/api/users/${user.id}`)).status).toBe(200);
    expect((await onB.get('/api/user')).status).toBe(401);
    expect((await new Client(a.url, token).get('/api/user')).status).toBe(401);
  });
});
