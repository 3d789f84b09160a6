import { describe, expect, it } from 'vitest';
import { Client, signedIn, useServer } from './harness';

// Sessions at their edges (issue 29, item 7): a sign-out ends the session
// whatever cookies remain, a rotated-out refresh token allows the one
// legitimate race and ends the session family on any reuse beyond it, and a
// sign-in starts a fresh session whatever old or foreign cookies arrive.

const { server } = useServer({});

/** Another tab of the same browser: the same cookies, from now on its own. */
const copyOf = (client: Client) => {
  const tab = new Client(server.url);
  for (const [name, value] of client.cookies) tab.cookies.set(name, value);
  return tab;
};

describe('session edges', () => {
  it('signing out with only the refresh cookie ends the session', async () => {
    const client = await signedIn(server, 'admin@example.com');
    const access = client.cookies.get('rms_access')!;
    client.cookies.delete('rms_access');
    expect((await client.post('/api/account/token/revoke')).status).toBe(200);
    // The access token it had is dead, and so is the refresh token.
    const before = new Client(server.url);
    before.cookies.set('rms_access', access);
    expect((await before.get('/api/user')).status).toBe(401);
    const refresh = copyOf(client);
    expect((await refresh.post('/api/account/token/refresh')).status).toBe(401);
  });

  it('signing out with both cookies of different sessions ends both', async () => {
    const one = await signedIn(server, 'admin@example.com');
    const two = await signedIn(server, 'admin@example.com');
    one.cookies.set('rms_refresh', two.cookies.get('rms_refresh')!);
    expect((await one.post('/api/account/token/revoke')).status).toBe(200);
    expect((await two.get('/api/user')).status).toBe(401);
  });

  it('a refresh with only the refresh cookie rotates the session', async () => {
    const client = await signedIn(server, 'admin@example.com');
    client.cookies.delete('rms_access');
    expect((await client.post('/api/account/token/refresh')).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
  });

  it('eight concurrent refreshes with one token: the one race is allowed, the reuse beyond it ends the session', async () => {
    const client = await signedIn(server, 'admin@example.com');
    const tabs = Array.from({ length: 8 }, () => copyOf(client));
    const answers = await Promise.all(tabs.map((tab) => tab.post('/api/account/token/refresh')));
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(2);
    // The session family is revoked: no tab's token works any more, not even those that got a new one.
    for (const tab of tabs) {
      expect((await tab.get('/api/user')).status).toBe(401);
      expect((await tab.post('/api/account/token/refresh')).status).toBe(401);
    }
  });

  it('one concurrent refresh beside the first (two tabs) keeps the session', async () => {
    const client = await signedIn(server, 'admin@example.com');
    const tabs = [copyOf(client), copyOf(client)];
    const answers = await Promise.all(tabs.map((tab) => tab.post('/api/account/token/refresh')));
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    for (const tab of tabs) expect((await tab.get('/api/user')).status).toBe(200);
    // A third use of the first token is a reuse beyond the race.
    const third = copyOf(client);
    expect((await third.post('/api/account/token/refresh')).status).toBe(401);
    for (const tab of tabs) expect((await tab.get('/api/user')).status).toBe(401);
  });

  it('signing in with a foreign session cookie starts a fresh session with a fresh XSRF token', async () => {
    const other = await signedIn(server, 'baltics.admin@example.com');
    const client = new Client(server.url);
    await client.get('/api/health');
    client.cookies.set('rms_access', other.cookies.get('rms_access')!);
    const login = await client.login('enduser@example.com');
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(client.cookies.get('rms_access')).not.toBe(other.cookies.get('rms_access'));
    expect(((await client.get('/api/user')).body.data as { email: string }).email).toBe('enduser@example.com');
    // The fresh XSRF token is bound to the new session: an unsafe call passes its check.
    expect((await client.put('/api/account/user', { tos_accepted: true })).status).toBe(200);
    // The foreign session is neither upgraded nor ended.
    expect(((await other.get('/api/user')).body.data as { email: string }).email).toBe('baltics.admin@example.com');
  });

  it('signing in again after a sign-out whose cookie clearing was ignored starts a fresh session', async () => {
    const client = await signedIn(server, 'admin@example.com');
    const old = client.cookies.get('rms_access')!;
    expect((await client.post('/api/account/token/revoke')).status).toBe(200);
    // A client that kept its old access cookie (the answer cleared it) beside the new signed-out XSRF token.
    client.cookies.set('rms_access', old);
    const login = await client.login('admin@example.com');
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(client.cookies.get('rms_access')).not.toBe(old);
    expect((await client.put('/api/account/user', { tos_accepted: true })).status).toBe(200);
  });
});
