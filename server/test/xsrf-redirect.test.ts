import { describe, expect, it } from 'vitest';
import { Client, PASSWORD, signedIn, useServer } from './harness';

// Anti-forgery on every /api route however the path is spelled, tokens bound
// to the session and rotated at sign-in; continue_url decided on the resolved
// origin (shell spec §5).

const { server } = useServer({});

const credentials = JSON.stringify({ email: 'admin@example.com', password: PASSWORD });
const json = { 'content-type': 'application/json' };

describe('anti-forgery token', () => {
  it('is required on /api routes however the path is spelled', async () => {
    const client = new Client(server.url);
    await client.get('/api/health');
    for (const path of ['/%61pi/account/login', '/api/%61ccount/login', '/%61%70%69/account/login']) {
      const reply = await client.raw('POST', path, { body: credentials, headers: json, xsrf: false });
      expect(reply.status, path).toBe(403);
      expect(await reply.json()).toMatchObject({ success: false, errors: [{ code: 'XSRF_TOKEN_MISMATCH' }] });
    }
    expect(client.cookies.has('rms_access')).toBe(false);
    const signedInClient = await signedIn(server, 'guest@example.com');
    const logout = await signedInClient.raw('POST', '/%61pi/account/token/revoke', { xsrf: false });
    expect(logout.status).toBe(403);
    expect((await signedInClient.get('/api/user')).status).toBe(200);
  });

  it('hands calls crossing with the same stale token one replacement, which a refresh can echo', async () => {
    const client = await signedIn(server, 'admin@example.com');
    const stale = client.cookies.get('XSRF-TOKEN')!;
    // The access cookie is gone: the token bound to its session no longer verifies, and every call replaces it.
    client.cookies.delete('rms_access');
    const replacements = new Set<string>();
    for (let i = 0; i < 7; i++) {
      client.cookies.set('XSRF-TOKEN', stale);
      const reply = await client.raw('GET', '/api/tags?limit=1');
      expect(reply.status).toBe(401);
      replacements.add(client.cookies.get('XSRF-TOKEN')!);
    }
    expect(replacements.size).toBe(1);
    const [replacement] = replacements;
    expect(replacement).not.toBe(stale);
    // A refresh that read the first replacement matches the cookie the last one set.
    expect((await client.post('/api/account/token/refresh', {})).status).toBe(200);
    // Without a token to replace, each is new.
    const fresh = new Client(server.url);
    await fresh.get('/api/health');
    const other = new Client(server.url);
    await other.get('/api/health');
    expect(fresh.cookies.get('XSRF-TOKEN')).not.toBe(other.cookies.get('XSRF-TOKEN'));
  });

  it('refuses a self-made token even when cookie and header agree', async () => {
    const client = new Client(server.url);
    client.cookies.set('XSRF-TOKEN', 'planted-by-a-sibling-host');
    const reply = await client.raw('POST', '/api/account/login', { body: credentials, headers: json });
    expect(reply.status).toBe(403);
  });

  it('is bound to the session and rotated at sign-in and sign-out', async () => {
    const client = new Client(server.url);
    await client.get('/api/health');
    const anonymous = client.cookies.get('XSRF-TOKEN')!;
    expect((await client.login('admin@example.com')).status).toBe(200);
    const bound = client.cookies.get('XSRF-TOKEN')!;
    expect(bound).not.toBe(anonymous);
    // The pre-sign-in token does not pass for the new session.
    const stale = await client.raw('PUT', '/api/account/user', {
      body: JSON.stringify({ tos_accepted: true }),
      headers: { ...json, 'x-xsrf-token': anonymous, cookie: client.cookieHeader().replace(bound, anonymous) },
      xsrf: false,
    });
    expect(stale.status).toBe(403);
    expect((await client.put('/api/account/user', { tos_accepted: true })).status).toBe(200);
    // Another user's token (valid for their session) does not pass for this one.
    const other = await signedIn(server, 'guest@example.com');
    const foreign = other.cookies.get('XSRF-TOKEN')!;
    const crossed = await client.raw('PUT', '/api/account/user', {
      body: JSON.stringify({ tos_accepted: true }),
      headers: { ...json, 'x-xsrf-token': foreign, cookie: client.cookieHeader().replace(bound, foreign) },
      xsrf: false,
    });
    expect(crossed.status).toBe(403);
    // The token survives a refresh of the same session; sign-out starts over.
    expect((await client.post('/api/account/token/refresh')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await client.put('/api/account/user', { tos_accepted: true })).status).toBe(200);
    expect((await client.post('/api/account/token/revoke')).status).toBe(200);
    expect(client.cookies.get('XSRF-TOKEN')).not.toBe(bound);
    expect((await client.login('admin@example.com')).status).toBe(200);
  });
});

describe('continue_url on the server', () => {
  const attempts = [
    'https://evil.example/steal',
    '//evil.example',
    '/\\evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/.\\/evil.example',
    'javascript:alert(1)',
  ];

  it('answers only same-origin paths, decided on the resolved origin', async () => {
    const client = new Client(server.url);
    await client.get('/api/health');
    for (const continueUrl of [...attempts, `${server.url}//evil.example`, `${server.url}/..//evil.example`]) {
      const reply = await client.post('/api/account/login', {
        email: 'admin@example.com',
        password: PASSWORD,
        continue_url: continueUrl,
      });
      expect(reply.body, continueUrl).toEqual({ success: true, data: { location: '/' } });
    }
    const same = await client.post('/api/account/login', {
      email: 'admin@example.com',
      password: PASSWORD,
      continue_url: `${server.url}/tags?x=1`,
    });
    expect(same.body).toEqual({ success: true, data: { location: '/tags?x=1' } });
  });

  it('drops a continue_url equal to the login page', async () => {
    const client = new Client(server.url);
    await client.get('/api/health');
    for (const continueUrl of ['/account/login', '/account/login?continue_url=%2Ftags', '/account/%6Cogin']) {
      const reply = await client.post('/api/account/login', {
        email: 'admin@example.com',
        password: PASSWORD,
        continue_url: continueUrl,
      });
      expect(reply.body, continueUrl).toEqual({ success: true, data: { location: '/' } });
    }
  });

  it('follows a same-origin redirect_uri at revoke and nothing else', async () => {
    for (const [uri, location] of [
      ['/account/login?from=revoke', '/account/login?from=revoke'],
      ['/..//evil.example', '/account/login'],
    ]) {
      const client = await signedIn(server, 'admin@example.com');
      const revoked = await client.post('/api/account/token/revoke', { redirect_uri: uri });
      expect(revoked.body, uri).toEqual({ success: true, data: { location } });
    }
  });
});
