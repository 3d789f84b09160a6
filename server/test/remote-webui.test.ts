import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRemoteServices, type RemoteServices } from '../../sim/remote';
import { cookieChanges } from '../remote/cookie-jars';
import { intoSession, rewriteHtml } from '../remote/webui-proxy';
import { Client, rows, useServer } from './harness';
import { closeSockets, completed } from './sockets';

// The WebUI proxy (server/remote/webui-proxy.ts) in front of a simulated
// router's web interface (sim/remote/webui.ts, whose redirects are absolute
// and whose cookie is set on "/"), over real sockets: the device's pages under
// the session's path, its login kept in the session's jar (never in the
// browser), redirects and links inside the session path, the pages
// sandboxed, and the session refused once it has ended or expired.

let skew = 0;
const { server, admin } = useServer({ admin: 'admin@example.com' }, { now: () => new Date(Date.now() + skew) });
afterAll(closeSockets);

let router: RemoteServices;
let entry: number;

beforeAll(async () => {
  router = await startRemoteServices({
    serial: 'WEB-1',
    name: 'Router-W',
    getState: () => ({ uptime: 77 }),
    reboot: () => undefined,
  });
  const [first] = rows(await admin.get('/api/devices?limit=1&fields=id'));
  const reply = await admin.post('/api/devices/remote-access', {
    device_id: first.id,
    name: 'Router web',
    protocol: 'http',
    destination_ip: '127.0.0.1',
    destination_port: router.http.port,
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  entry = (reply.body.data as { id: number }).id;
});
afterAll(() => router?.close());

async function openLink(duration = 60) {
  const done = await completed(server.url, admin, await admin.post(`/api/devices/connect/${entry}`, { duration }));
  const { link_id, url } = done.data as { link_id: number; url: string };
  return { id: link_id, path: url };
}

/** A browser without the console's cookies (the sandboxed page sends none). */
const browser = () => new Client(server.url);
const fetchPage = (path: string, init: RequestInit = {}) => fetch(server.url + path, { redirect: 'manual', ...init });

describe('the WebUI proxy', () => {
  it('opens the device web interface under the session path; its login stays in the session', async () => {
    const link = await openLink();
    expect(link.path).toMatch(/^\/rms-connect\/webui\/[\w-]+\/$/);
    const first = await fetchPage(link.path);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(`${link.path}cgi-bin/luci`);
    const form = await fetchPage(`${link.path}cgi-bin/luci`);
    expect(form.status).toBe(200);
    expect(form.headers.get('content-security-policy')).toMatch(/^sandbox allow-forms allow-scripts/);
    expect(form.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await form.text();
    expect(html).toContain(`action="${link.path}cgi-bin/luci"`);

    const signIn = await fetchPage(`${link.path}cgi-bin/luci`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'fc_access=console-secret' },
      body: 'username=root&password=admin01',
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get('location')).toBe(`${link.path}cgi-bin/luci/admin/status`);
    // The device's cookie is kept by the proxy, not handed to the browser.
    expect(signIn.headers.getSetCookie()).toEqual([]);
    const status = await fetchPage(`${link.path}cgi-bin/luci/admin/status`);
    expect(status.status).toBe(200);
    const page = await status.text();
    expect(page).toContain('Status of Router-W');
    expect(page).toContain(`href="${link.path}cgi-bin/luci/logout"`);

    const [session] = rows(await admin.get(`/api/devices/connect/${entry}/sessions?active=true`));
    expect(session).toMatchObject({ id: link.id, input_data: 'username=root&password=admin01'.length });
    expect(session.output_data).toBeGreaterThan(page.length);
  });

  it('refuses a bad key and a session that has ended or expired', async () => {
    expect((await browser().raw('GET', `/rms-connect/webui/${'x'.repeat(32)}/`)).status).toBe(404);
    const ended = await openLink();
    expect((await fetchPage(`${ended.path}cgi-bin/luci`)).status).toBe(200);
    await completed(server.url, admin, await admin.delete(`/api/devices/connect/sessions/${ended.id}`));
    const after = await fetchPage(`${ended.path}cgi-bin/luci`);
    expect(after.status).toBe(404);
    expect(await after.text()).toBe('The link is invalid or has expired.');
    const expiring = await openLink(10);
    expect((await fetchPage(`${expiring.path}cgi-bin/luci`)).status).toBe(200);
    skew = 11_000;
    try {
      expect((await fetchPage(`${expiring.path}cgi-bin/luci`)).status).toBe(404);
    } finally {
      skew = 0;
    }
  });

  it('a terminal key does not open the proxy', async () => {
    const [first] = rows(await admin.get('/api/devices?limit=1&fields=id'));
    const ssh = await admin.post('/api/devices/remote-access', {
      device_id: first.id,
      name: 'Router ssh',
      protocol: 'ssh',
      destination_ip: '127.0.0.1',
      destination_port: router.ssh.port,
    });
    const done = await completed(
      server.url,
      admin,
      await admin.post(`/api/devices/connect/${(ssh.body.data as { id: number }).id}`, { duration: 60 }),
    );
    const key = new URL((done.data as { url: string }).url, server.url).searchParams.get('key')!;
    expect((await fetchPage(`/rms-connect/webui/${key}/cgi-bin/luci`)).status).toBe(404);
  });
});

describe('the proxy rules', () => {
  const origins = ['http://10.0.0.1:80', 'http://10.0.0.1'];
  const base = '/rms-connect/webui/k/';
  it('moves device URLs into the session path and leaves others', () => {
    expect(intoSession('http://10.0.0.1/cgi-bin/luci', origins, base)).toBe('/rms-connect/webui/k/cgi-bin/luci');
    expect(intoSession('http://10.0.0.1:80', origins, base)).toBe(base);
    expect(intoSession('/a?b=1', origins, base)).toBe('/rms-connect/webui/k/a?b=1');
    expect(intoSession('//evil.example/x', origins, base)).toBe('//evil.example/x');
    expect(intoSession('status', origins, base)).toBe('status');
    expect(rewriteHtml(`<a href='/x'>x</a><img src="http://10.0.0.1/i.png">`, origins, base)).toBe(
      `<a href='/rms-connect/webui/k/x'>x</a><img src="/rms-connect/webui/k/i.png">`,
    );
  });
  it('reads which cookies the device sets and which it forgets', () => {
    expect(cookieChanges(['sysauth=abc; Path=/; HttpOnly', 'lang=en'])).toEqual({
      set: [
        ['sysauth', 'abc'],
        ['lang', 'en'],
      ],
      gone: [],
    });
    expect(cookieChanges(['sysauth=; Path=/', 'lang=en; Max-Age=0', 'bad'])).toEqual({
      set: [],
      gone: ['sysauth', 'lang'],
    });
  });
});
