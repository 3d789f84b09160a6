import { describe, expect, it } from 'vitest';
import { Client, signedIn, tokenClient, useServer } from './harness';

// Personal access tokens as existing RMS API clients meet them (issue 29):
// scopes are decided after routing, so a path no route answers is a 404 for
// a token as for a session, and a 403 means a route the token's scopes do not
// cover.

const { server, admin } = useServer({ admin: 'admin@example.com' });

describe('tokens and routing', () => {
  it('a path no route answers is a 404; a route outside the scopes a 403', async () => {
    const { client } = await tokenClient(server, admin, ['tags:read'], 'routing');
    for (const [method, path] of [
      ['GET', '/api/no-such-call'],
      ['GET', '/api/devices/1/no-such-part'],
      ['POST', '/api/tags/1/no-such-action'],
      ['DELETE', '/api/health'],
    ]) {
      const reply = await client.request(method, path, method === 'GET' ? undefined : {});
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body).toMatchObject({ success: false, errors: [{ code: 'NOT_FOUND' }] });
      // The same as a session gets.
      expect((await admin.request(method, path, method === 'GET' ? undefined : {})).status).toBe(404);
    }
    expect((await client.get('/api/tags')).status).toBe(200);
    const outside = await client.get('/api/companies');
    expect(outside.status).toBe(403);
    expect(outside.body).toMatchObject({ errors: [{ message: 'The access token has no scope for this call.' }] });
    expect((await client.post('/api/tags', { company_id: 1, name: 'Read only', description: 'x' })).status).toBe(403);
    // The scope follows the route, however the path is spelled.
    expect((await client.get('/api/%63ompanies')).status).toBe(403);
  });

  it('a bad token is a 401 on any path, routed or not', async () => {
    const bad = new Client(server.url, 'rms_pat_not-a-token');
    expect((await bad.get('/api/no-such-call')).status).toBe(401);
    expect((await bad.get('/api/tags')).status).toBe(401);
    expect((await signedIn(server, 'guest@example.com')).cookies.size).toBeGreaterThan(0);
  });
});
