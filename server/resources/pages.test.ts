import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCapabilities } from '../../engine/device/capabilities';
import { Client, rows, signedIn, startServer, type TestServer } from '../test/harness';

// The page plugins over real HTTP: capability-filtered lists, device views
// within the tenancy, record creation and deletion, device tasks.

let server: TestServer;
let admin: Client;
let baltics: Client;
let globex: Client;
let guest: Client;

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin@example.com');
  baltics = await signedIn(server, 'baltics.admin@example.com');
  globex = await signedIn(server, 'globex.admin@example.com');
  guest = await signedIn(server, 'guest@example.com');
});
afterAll(() => server.close());

describe('page plugins', () => {
  it('lists only devices whose model and firmware have the capability', async () => {
    for (const [path, capability] of [
      ['/api/hotspots?limit=200', 'has_hotspot'],
      ['/api/wireless?limit=200', 'has_wifi'],
    ] as const) {
      const reply = await admin.get(path);
      expect(reply.status).toBe(200);
      expect(rows(reply).length).toBeGreaterThan(0);
      for (const d of rows(reply))
        expect(deviceCapabilities(d.model, d.firmware)[capability], `${d.model} ${d.firmware}`).toBe(true);
    }
  });

  it("the hotspot and wireless lists add up the device's own hotspots and interfaces, nothing made up", async () => {
    const hotspots = rows(await admin.get('/api/hotspots?limit=100'));
    expect(hotspots.some((d) => d.ssid_names !== '')).toBe(true);
    for (const device of hotspots.slice(0, 10)) {
      const own = rows(await admin.get(`/api/devices/${device.id}/hotspots`)).map((h) => h.ssid);
      // The OpenAPI types ssid_names as text: the names comma-separated.
      expect(device.ssid_names, String(device.id)).toEqual(own.join(', '));
    }
    for (const device of rows(await admin.get('/api/wireless?limit=20')).slice(0, 5)) {
      const wlans = rows(await admin.get(`/api/devices/${device.id}/wireless`));
      const sum = (key: string, of = wlans) => of.reduce((n, w) => n + Number(w[key]), 0);
      expect(Number(device.received), String(device.id)).toBe(sum('received'));
      expect(Number(device.sent)).toBe(sum('sent'));
      expect(Number(device.clients_count)).toBe(
        sum(
          'clients_count',
          wlans.filter((w) => Number(w.active) === 1),
        ),
      );
    }
  });

  it('answers device views inside the tenancy only', async () => {
    const own = rows(await baltics.get('/api/devices?limit=1'))[0].id;
    const foreign = rows(await globex.get('/api/devices?limit=1'))[0].id;
    const history = await baltics.get(`/api/devices/${own}/information-history?limit=5`);
    expect(history.status).toBe(200);
    const times = rows(history).map((r) => String(r.created_at));
    expect([...times].sort().reverse()).toEqual(times);
    for (const view of ['information-history', 'data-usage', 'dashboards']) {
      expect((await baltics.get(`/api/devices/${foreign}/${view}`)).status, view).toBe(404);
    }
  });

  it('creates monitoring templates from the validated form and deletes them within the tenancy', async () => {
    const bad = await admin.post('/api/monitoring-templates', { name: 'Too fast', dynamic: 30 });
    expect(bad.status).toBe(422);
    expect((bad.body as { errors: { source: string }[] }).errors.map((e) => e.source)).toContain('dynamic');
    const periods = {
      dynamic: 60,
      static: 1296000,
      hotspot: 300,
      io: 300,
      gps: 300,
      wireless: 300,
      ddns: 300,
      l2tp: 300,
    };
    const created = await admin.post('/api/monitoring-templates', { name: 'Fast', ...periods });
    expect([200, 201]).toContain(created.status);
    const id = (created.body as { data: { id: number } }).data.id;
    expect((await guest.post('/api/monitoring-templates', { name: 'Guest', ...periods })).status).toBe(403);
    expect((await globex.delete(`/api/monitoring-templates/${id}`)).status).toBe(404);
    expect((await admin.delete(`/api/monitoring-templates/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/monitoring-templates/${id}`)).status).toBe(404);
  });

  it('starts firmware updates only with a firmware file of the tenancy, answering an action channel', async () => {
    const devices = rows(await globex.get('/api/devices?limit=2')).map((d) => d.id);
    const acmeFirmware = rows(await admin.get('/api/files?type=firmware&company_id=1&limit=1'))[0].id;
    const refused = await globex.post('/api/devices/updates/set', { device_id: devices, file_id: acmeFirmware });
    expect(refused.status).toBe(422);
    const own = rows(await globex.get('/api/files?type=firmware&limit=1'))[0]?.id;
    if (own !== undefined) {
      const started = await globex.post('/api/devices/updates/set', { device_id: devices, file_id: own });
      expect(started.status).toBe(200);
      expect(String((started.body as { meta: { channel: string } }).meta.channel)).toMatch(/^action\./);
    }
    expect((await guest.post('/api/devices/updates/set', { device_id: devices, file_id: own })).status).toBe(403);
  });

  it('serves the changelog to signed-in users only', async () => {
    expect((await new Client(server.url).get('/api/changelog')).status).toBe(401);
    const log = await guest.get('/api/changelog?limit=1');
    expect(rows(log)[0].version).toBe('5.4.1');
  });
});
