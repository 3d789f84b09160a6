import { describe, expect, it } from 'vitest';
import { Client, rows, signedIn, tokenClient, useServer } from './harness';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import form from '../../schemas/forms/new-api-token.json';

// Personal access tokens over real HTTP: created on the API tokens page
// (session + XSRF), answered once, stored hashed; `Authorization: Bearer`
// authenticates any /api call without XSRF, limited by the token's scopes,
// the user's permissions and tenancy; a bad, expired or revoked token is a
// 401 on every method, before any XSRF check; use is rate limited and
// recorded.

let clock = Date.now();
const { server, admin } = useServer(
  { admin: 'admin@example.com' },
  { now: () => new Date(clock), apiTokensPerMinute: 40 },
);

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

describe('personal access tokens', () => {
  it('offers exactly the scopes the server knows in the new-api-token form', () => {
    const scopes = form.fields.find((f) => f.key === 'scopes')!.options as { value: string }[];
    expect(scopes.map((o) => o.value)).toEqual(TOKEN_SCOPES);
  });

  it('answers the token once, lists it without the secret and stores only its hash', async () => {
    const created = await admin.post('/api/account/tokens', {
      name: 'Home automation',
      expires_in: 30,
      scopes: ['devices:read', 'tags:write'],
    });
    expect(created.status).toBe(201);
    const data = created.body.data as Record<string, unknown>;
    expect(data.token).toMatch(/^rms_pat_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(String(data.expires_at)) - clock).toBe(30 * 24 * 3600_000);
    const listed = rows(await admin.get('/api/account/tokens?limit=100'));
    const row = listed.find((r) => r.id === data.id)!;
    expect(row).toMatchObject({ name: 'Home automation', scopes: ['devices:read', 'tags:write'] });
    expect(JSON.stringify(listed)).not.toContain(String(data.token));
    const stored = await server.app.ctx.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', Number(data.id))
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(String(data.token));
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a token form with unknown scopes, a foreign expiry or no name, and needs a session', async () => {
    const bad = await admin.post('/api/account/tokens', { name: 'x', expires_in: 30, scopes: ['root:write'] });
    expect(bad.status).toBe(422);
    expect((await admin.post('/api/account/tokens', { name: 'x', expires_in: 3, scopes: ['tags:read'] })).status).toBe(
      422,
    );
    expect((await admin.post('/api/account/tokens', { expires_in: 30, scopes: ['tags:read'] })).status).toBe(422);
    expect((await new Client(server.url).get('/api/account/tokens')).status).toBe(401);
  });

  it('authenticates any /api call as the user without XSRF, within its scopes', async () => {
    const { client } = await tokenClient(server, admin, ['devices:read', 'tags:write']);
    const devices = await client.get('/api/devices?limit=5');
    expect(devices.status).toBe(200);
    expect(devices.headers.getSetCookie()).toEqual([]);
    expect((await client.get('/api/user')).body.data).toMatchObject({ email: 'admin@example.com' });
    const tag = await client.post('/api/tags', { company_id: 1, name: 'Made by a token' });
    expect(tag.status).toBe(201);
    expect((await client.get(`/api/tags/${(tag.body.data as { id: number }).id}`)).status).not.toBe(403);
    // Read scope only: no writes; no scope: no reads.
    expect((await client.delete('/api/devices', { device_id: [1] })).status).toBe(403);
    expect((await client.get('/api/companies')).status).toBe(403);
    // A token cannot manage tokens.
    expect((await client.get('/api/account/tokens')).status).toBe(403);
    expect((await client.post('/api/account/tokens', { name: 'x', expires_in: 7, scopes: ['tags:read'] })).status).toBe(
      403,
    );
  });

  it('reads documents with the documents scope; publishing needs its write scope and manage_documents', async () => {
    const owner = await signedIn(server, 'super@example.com');
    const reader = (await tokenClient(server, owner, ['documents:read'])).client;
    const form = await reader.get<{ data: Record<string, unknown>; meta: { version: number } }>(
      '/api/documents/forms/new-tag',
    );
    expect(form.status).toBe(200);
    const publish = { document: form.body.data, version: form.body.meta.version };
    expect((await reader.put('/api/documents/forms/new-tag', publish)).status).toBe(403);
    expect((await (await tokenClient(server, owner, ['tags:read'])).client.get('/api/documents/forms')).status).toBe(
      403,
    );
    const writer = (await tokenClient(server, owner, ['documents:write'])).client;
    expect((await writer.put('/api/documents/forms/new-tag', publish)).status).toBe(200);
    const adminWriter = (await tokenClient(server, admin, ['documents:write'])).client;
    expect((await adminWriter.put('/api/documents/forms/new-tag', publish)).status).toBe(403);
  });

  it("intersects the scopes with the user's permissions and tenancy", async () => {
    const guest = await signedIn(server, 'guest@example.com');
    const { client } = await tokenClient(server, guest, ['tags:write', 'companies:read']);
    expect((await client.post('/api/tags', { company_id: 4, name: 'Guest tag' })).status).toBe(403);
    const baltics = await signedIn(server, 'baltics.admin@example.com');
    const balticsToken = await tokenClient(server, baltics, ['companies:read']);
    expect((await balticsToken.client.get('/api/companies/4')).status).toBe(404);
    expect((await balticsToken.client.get('/api/companies/2')).status).toBe(200);
  });

  it('answers 401 on every method for a bad, malformed, revoked or expired token, before the XSRF check', async () => {
    const revoked = await tokenClient(server, admin, ['tags:write']);
    expect((await admin.delete(`/api/account/tokens/${revoked.id}`)).status).toBe(200);
    expect((await admin.delete(`/api/account/tokens/${revoked.id}`)).status).toBe(404);
    const expiring = await tokenClient(server, admin, ['tags:write']);
    expect((await expiring.client.get('/api/tags')).status).toBe(200);
    clock += 31 * 24 * 3600_000;
    try {
      const wrong = new Client(server.url, 'rms_pat_' + 'A'.repeat(43));
      const malformed = new Client(server.url, 'not a token!');
      for (const client of [wrong, malformed, revoked.client, expiring.client]) {
        for (const method of METHODS) {
          const reply = await client.request(method, '/api/tags', method === 'GET' ? undefined : {});
          expect(reply.status, `${method} ${client.bearer}`).toBe(401);
          expect(reply.body).toMatchObject({ success: false, errors: [{ code: 'UNAUTHORIZED' }] });
        }
      }
      const basic = await fetch(`${server.url}/api/tags`, { headers: { authorization: 'Basic YTpi' } });
      expect(basic.status).toBe(401);
    } finally {
      clock -= 31 * 24 * 3600_000;
    }
  });

  it('still needs XSRF for a cookie session without a bearer token', async () => {
    const reply = await admin.request('POST', '/api/tags', { company_id: 1, name: 'No XSRF' }, { xsrf: false });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ errors: [{ code: 'XSRF_TOKEN_MISMATCH' }] });
  });

  it('records the last use and rate limits each token', async () => {
    const { id, client } = await tokenClient(server, admin, ['tags:read'], 'limited');
    const before = rows(await admin.get('/api/account/tokens?limit=100')).find((r) => r.id === id)!;
    expect(before.last_used_at).toBeNull();
    const statuses: number[] = [];
    for (let i = 0; i < 42; i++) statuses.push((await client.get('/api/tags?limit=1')).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(40);
    expect(statuses.slice(40)).toEqual([429, 429]);
    const after = rows(await admin.get('/api/account/tokens?limit=100')).find((r) => r.id === id)!;
    expect(after.last_used_at).toBe(new Date(clock).toISOString());
    expect(after.last_used_ip).toBe('127.0.0.1');
  });
});
