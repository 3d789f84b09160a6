import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRemoteServices, type RemoteServices } from '../../sim/remote';
import { Client, rows } from './harness';
import { sharedBackend, type SharedBackend } from './instances';
import { startServerProcess, stopServerProcesses, type ServerProcess } from './process';
import { statusCompleted } from './status';

// The WebUI proxy across two instances of the real server (separate
// processes) over one database and one Redis (issue 27): a device login made
// through instance A holds when instance B answers the next page of the same
// session (the device's cookies are kept in Redis, not in A's memory), and
// a sign-out through B is seen by A.

let backend: SharedBackend | undefined;
let a: ServerProcess;
let b: ServerProcess;
let router: RemoteServices;

beforeAll(async () => {
  backend = await sharedBackend('cluster-webui');
  a = await startServerProcess(backend.env);
  b = await startServerProcess(backend.env);
  router = await startRemoteServices({
    serial: 'WEB-2',
    name: 'Router-W2',
    getState: () => ({ uptime: 5 }),
    reboot: () => undefined,
  });
}, 120_000);

afterAll(async () => {
  await router?.close();
  await stopServerProcesses([a, b]);
  await backend?.remove();
});

const page = (base: string, url: string, init: RequestInit = {}) => fetch(base + url, { redirect: 'manual', ...init });

describe('the WebUI proxy on two instances', () => {
  it('a device login through A holds on B, and a sign-out through B on A', async () => {
    const admin = new Client(a.url);
    expect((await admin.login('admin@example.com')).status).toBe(200);
    const [device] = rows(await admin.get('/api/devices?company_id=1&limit=1&fields=id'));
    const entry = await admin.post('/api/devices/remote-access', {
      device_id: device.id,
      name: 'Router web 2',
      protocol: 'http',
      destination_ip: '127.0.0.1',
      destination_port: router.http.port,
    });
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    const connect = await admin.post<{ meta: { channel: string } }>(
      `/api/devices/connect/${(entry.body.data as { id: number }).id}`,
      { duration: 60 },
    );
    const { url } = (await statusCompleted(admin, connect.body.meta.channel))['-1'].at(-1) as { url: string };
    const base = new URL(url, a.url).pathname;

    const signIn = await page(a.url, `${base}cgi-bin/luci`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=root&password=admin01',
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get('location')).toBe(`${base}cgi-bin/luci/admin/status`);
    const onB = await page(b.url, `${base}cgi-bin/luci/admin/status`);
    expect(onB.status).toBe(200);
    expect(await onB.text()).toContain('Status of Router-W2');

    const signOut = await page(b.url, `${base}cgi-bin/luci/logout`);
    expect(signOut.headers.get('location')).toBe(`${base}cgi-bin/luci`);
    const onA = await page(a.url, `${base}cgi-bin/luci/admin/status`);
    expect(onA.status).toBe(302);
  });
});
