import { describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_MS } from '../auth/sessions';
import { Client, signedIn, useServer } from './harness';

// Shifts the server's clock (a rotated-out token is a replay only after the reuse grace).
let skew = 0;
const { server } = useServer({}, { now: () => new Date(Date.now() + skew) });

describe('session over HTTP', () => {
  it('health sets a readable XSRF-TOKEN cookie once', async () => {
    const client = new Client(server.url);
    const first = await client.raw('GET', '/api/health');
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(await first.json()).toEqual({ success: true, data: { status: 'ok', version: '5.4.1' } });
    const second = await client.raw('GET', '/api/health');
    expect(second.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN='))).toBe(false);
  });

  it('refuses unsafe methods without the matching X-XSRF-TOKEN header, login included', async () => {
    const client = new Client(server.url);
    await client.get('/api/health');
    const without = await client.request(
      'POST',
      '/api/account/login',
      { email: 'admin@example.com', password: 'Demo-Password-1' },
      { xsrf: false },
    );
    expect(without.status).toBe(403);
    expect(without.body).toMatchObject({ success: false, errors: [{ code: 'XSRF_TOKEN_MISMATCH' }] });
    const wrong = await client.raw('POST', '/api/account/login', {
      body: JSON.stringify({ email: 'admin@example.com', password: 'Demo-Password-1' }),
      headers: { 'content-type': 'application/json', 'x-xsrf-token': 'forged' },
      xsrf: false,
    });
    expect(wrong.status).toBe(403);
    expect(client.cookies.has('rms_access')).toBe(false);
  });

  it('signs in with httpOnly cookies and loads the session user of shell spec §3', async () => {
    const client = new Client(server.url);
    await client.get('/api/health');
    const response = await client.raw('POST', '/api/account/login', {
      body: JSON.stringify({ email: 'baltics.admin@example.com', password: 'Demo-Password-1', continue_url: '/tags' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: { location: '/tags' } });
    const setCookies = response.headers.getSetCookie();
    for (const name of ['rms_access', 'rms_refresh']) {
      expect(setCookies.find((c) => c.startsWith(`${name}=`))).toMatch(/HttpOnly/i);
    }
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    const user = me.body.data as Record<string, unknown>;
    expect(user).toMatchObject({
      email: 'baltics.admin@example.com',
      username: 'baltics.admin',
      company: { id: 2, parent_id: 1, name: 'Acme Baltics', level: 2, show_payment: false },
      role: { id: 2, name: 'admin', title: 'Administrator' },
      tos_accepted: true,
      mfa_type: null,
      isImpersonating: false,
    });
    expect(user.permissions).toContain('view_devices');
    expect(user.permissions).not.toContain('super_admin');
    expect(typeof user.exp).toBe('number');
    expect(user).toHaveProperty('impersonation_access_limit');
  });

  it('offers payment controls only at company level 1 (shell spec §6)', async () => {
    const flag = async (email: string) =>
      ((await (await signedIn(server, email)).get('/api/user')).body.data as { show_payment_control: boolean })
        .show_payment_control;
    expect(await flag('admin@example.com')).toBe(true);
    expect(await flag('baltics.admin@example.com')).toBe(false);
    expect(await flag('guest@example.com')).toBe(false);
  });

  it('answers 401 in the envelope for a wrong password and for no session', async () => {
    const client = new Client(server.url);
    const bad = await client.login('admin@example.com', 'wrong-password');
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ success: false, errors: [{ code: 'INVALID_CREDENTIALS' }] });
    const anonymous = await client.get('/api/user');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, errors: [{ code: 'UNAUTHORIZED' }] });
  });

  it('drops a continue_url to another host', async () => {
    const client = new Client(server.url);
    await client.get('/api/health');
    const reply = await client.post('/api/account/login', {
      email: 'admin@example.com',
      password: 'Demo-Password-1',
      continue_url: 'https://evil.example/steal',
    });
    expect(reply.body).toEqual({ success: true, data: { location: '/' } });
  });

  it('refreshes with rotation: the old refresh token stops working after the reuse grace', async () => {
    const client = await signedIn(server, 'admin@example.com');
    const oldRefresh = client.cookies.get('rms_refresh');
    const refreshed = await client.post('/api/account/token/refresh');
    expect(refreshed.status).toBe(200);
    expect(client.cookies.get('rms_refresh')).not.toBe(oldRefresh);
    expect((await client.get('/api/user')).status).toBe(200);
    skew += REFRESH_REUSE_GRACE_MS + 1000;
    const thief = new Client(server.url);
    await thief.get('/api/health');
    thief.cookies.set('rms_refresh', oldRefresh!);
    expect((await thief.post('/api/account/token/refresh')).status).toBe(401);
  });

  it('revokes: answers a location, clears the cookies, and the old access token is dead', async () => {
    const client = await signedIn(server, 'admin@example.com');
    const access = client.cookies.get('rms_access')!;
    const revoked = await client.post('/api/account/token/revoke', { redirect_uri: '/account/login?from=revoke' });
    expect(revoked.body).toEqual({ success: true, data: { location: '/account/login?from=revoke' } });
    expect(client.cookies.has('rms_access')).toBe(false);
    const replay = new Client(server.url);
    replay.cookies.set('rms_access', access);
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('rate-limits login per account', async () => {
    const client = new Client(server.url);
    for (let i = 0; i < 5; i++) await client.login('guest@example.com', 'nope');
    const limited = await client.login('guest@example.com', 'Demo-Password-1');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, errors: [{ code: 'TOO_MANY_ATTEMPTS' }] });
  });

  it('answers the start-up error codes of shell spec §8', async () => {
    const cases: [string, string][] = [
      ['unverified@example.com', 'EMAIL_NOT_VERIFIED'],
      ['mfa.required@example.com', 'MFA_MANDATORY'],
      ['sso.user@example.com', 'NOT_INVITED_EXTERNAL_USER'],
    ];
    for (const [email, code] of cases) {
      const client = await signedIn(server, email);
      const me = await client.get('/api/user');
      expect(me.status, email).toBe(403);
      expect(me.body).toMatchObject({ success: false, errors: [{ code }] });
    }
    const unverified = await signedIn(server, 'unverified@example.com');
    expect((await unverified.post('/api/account/user/activation/resend')).body).toMatchObject({
      success: true,
      message: 'Email confirmation sent successfully',
    });
  });

  it('records terms acceptance with PUT /account/user', async () => {
    const client = await signedIn(server, 'newbie@example.com');
    expect(((await client.get('/api/user')).body.data as { tos_accepted: boolean }).tos_accepted).toBe(false);
    expect((await client.put('/api/account/user', { tos_accepted: true })).status).toBe(200);
    expect(((await client.get('/api/user')).body.data as { tos_accepted: boolean }).tos_accepted).toBe(true);
  });
});
