import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { rows, useServer } from '../test/harness';
import { closeSockets, connectSocket } from '../test/sockets';
import { deadlines, startTestRouter, type TestRouter } from '../test/mqtt-router';
import { startDeviceGateway, type GatewayOptions } from './gateway';
import { issueDeviceCredentials } from './credentials';
import { MISSED_POLLS } from './poller';
import { writeHotspotClients } from './protocol';

// The device gateway over a real broker, the embedded one (aedes, port 0)
// and this machine's Mosquitto (a topic prefix of its own per run): a router
// written with the codec comes online, its values land in the record and the
// monitoring history and reach the company channel, it goes offline after
// the missed polls and back, a reboot round-trips through the device, bad
// values change nothing, a forged serial is refused (embedded broker).

const MOSQUITTO = 'mqtt://127.0.0.1:1883';
const quick: Omit<GatewayOptions, 'url' | 'topicPrefix'> = {
  host: '127.0.0.1',
  port: 0,
  username: 'fleet-gateway',
  enrollment: true,
  discoveryMs: 1000,
  answerMs: 600,
  pollIntervalMs: 700,
  extensionIntervalMs: 1000,
  controlTimeouts: {
    resendMs: 500,
    sends: 3,
    deadlineMs: deadlines(2000, { reboot: 5000 }),
  },
};
const VALUES = {
  uptime: 3600,
  signal: -67,
  temperature: 389,
  operator: 'Telia',
  network: 'LTE',
  connection: 'connected',
  wan: '10.1.2.3',
  digital1: 1,
  digital2: 0,
  analog: 4.32,
  sim: 1,
  rx_day: 52_428_800,
  tx_day: 13_107_200,
};

const log = { info: () => undefined, warn: (message: string) => warnings.push(message) };
const warnings: string[] = [];

describe.each([
  ['embedded broker', undefined],
  ['Mosquitto', MOSQUITTO],
])('device gateway over the %s', (_name, url) => {
  const { server, admin } = useServer({ admin: 'admin@example.com' });
  const prefix = url ? `test-${randomUUID()}/` : '';
  let device: { id: number; serial: string; company_id: number };
  let secret: string;
  let router: TestRouter;
  let brokerUrl: string;

  beforeAll(async () => {
    const { db } = server.app.ctx;
    device = rows(
      await admin.get('/api/devices?status=0&company_id=1&limit=1&fields=id,serial,company_id'),
    )[0] as never;
    // Only the test's device is polled (the others would go offline one by one).
    await db.updateTable('devices').set({ monitoring_enabled: 0 }).execute();
    // Its inputs asked every second (I/O monitoring), its dynamic values every pollIntervalMs.
    await db
      .updateTable('devices')
      .set({ monitoring_enabled: 1, io_monitoring: 1 })
      .where('id', '=', device.id)
      .execute();
    [{ secret }] = await issueDeviceCredentials(db, [device.serial]);
    server.app.ctx.devices = await startDeviceGateway(server.app.ctx, { ...quick, url, topicPrefix: prefix }, log);
    brokerUrl = url ?? server.app.ctx.devices.brokerUrl;
    router = await startTestRouter({
      url: brokerUrl,
      serial: device.serial,
      password: secret,
      prefix,
      values: { ...VALUES },
    });
  });

  afterAll(async () => {
    closeSockets();
    await router?.close();
    await server.app.ctx.devices?.close();
    server.app.ctx.devices = undefined;
  });

  const record = () =>
    server.app.ctx.db.selectFrom('devices').selectAll().where('id', '=', device.id).executeTakeFirstOrThrow();

  it('takes the device online with its values, in the record, the history and on the company channel', async () => {
    const socket: Socket = await connectSocket(server.url, admin);
    const updates: Record<string, unknown>[] = [];
    socket.on('DeviceUpdated', (payload: { data: Record<string, unknown> }) => updates.push(payload.data));
    socket.emit('subscribe', `company.${device.company_id}`);
    await new Promise((resolve) => socket.once('subscribed', resolve));
    await vi.waitFor(async () => expect((await record()).status).toBe(1), { timeout: 8000 });
    await vi.waitFor(
      async () =>
        expect(await record()).toMatchObject({
          signal: -67,
          temperature: 389,
          router_uptime: 3600,
          operator: 'Telia',
          connection_type: 'LTE',
          connection_state: 'connected',
          wan_ip: '10.1.2.3',
          digital_input: 1,
          digital_isolated_input: 0,
          analog_input: '4.32',
        }),
      { timeout: 5000 },
    );
    expect(Date.now() - Date.parse(String((await record()).last_connection_at))).toBeLessThan(10_000);
    // The device record of the RMS API carries them (GET /devices/{id}).
    expect((await admin.get(`/api/devices/${device.id}`)).body.data).toMatchObject({
      signal: -67,
      temperature: 389,
      router_uptime: 3600,
      operator: 'Telia',
      connection_type: 'LTE',
      connection_state: 'connected',
      wan_ip: '10.1.2.3',
      digital_input: 1,
      digital_isolated_input: 0,
      analog_input: '4.32',
      status: 1,
      // One modem's values: the protocol has no parameter of a second modem, nor of roaming (docs/api-compatibility.md).
      signal_2: null,
      temperature_2: null,
      operator_2: '',
      connection_type_2: '',
      network_state: '',
      network_state_2: '',
    });
    await vi.waitFor(() => expect(updates.some((u) => u.id === device.id && u.status === 1)).toBe(true));
    // The realtime update writes last_connection_at as the RMS API does (the OpenAPI's date-time, ISO 8601).
    const online = updates.find((u) => u.id === device.id && u.status === 1)!;
    expect(online.last_connection_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    // The latest snapshot of a dynamic round (the inputs, asked on their own interval, make snapshots of their own).
    const history = await server.app.ctx.db
      .selectFrom('device_history')
      .select('data')
      .where('device_id', '=', device.id)
      .orderBy('id', 'desc')
      .execute();
    const dynamic = history
      .map((row) => JSON.parse(row.data) as Record<string, unknown>)
      .find((data) => 'signal' in data);
    expect(dynamic).toMatchObject({ signal: -67, temperature: 389, wan_ip: '10.1.2.3' });
    router.values.signal = -80;
    await vi.waitFor(() => expect(updates.some((u) => u.id === device.id && u.signal === -80)).toBe(true), {
      timeout: 5000,
    });
  });

  it('refuses values that are not numbers or out of bounds, keeping the last good ones', async () => {
    await router.publish(`${prefix}router/${device.serial}/signal`, 'strong');
    await router.publish(`${prefix}router/${device.serial}/temperature`, '99999');
    await new Promise((resolve) => setTimeout(resolve, 800));
    const now = await record();
    expect(now.signal).toBe(-80);
    expect(now.temperature).toBe(389);
    expect(warnings.some((w) => w.includes('refused signal'))).toBe(true);
  });

  it(`goes offline after ${MISSED_POLLS} missed polls and online again when it answers`, async () => {
    router.silent = true;
    await vi.waitFor(async () => expect((await record()).status).toBe(0), { timeout: 10_000 });
    router.silent = false;
    await vi.waitFor(async () => expect((await record()).status).toBe(1), { timeout: 5000 });
  });

  it('reboots the device over the control channel: done once it is back', async () => {
    const socket = await connectSocket(server.url, admin);
    const reply = await admin.post('/api/devices/actions', { action: 'reboot', device_id: [device.id] });
    expect(reply.status).toBe(200);
    const channel = (reply.body.meta as { channel: string }).channel;
    const progress: Record<string, unknown>[] = [];
    socket.on('ActionProgress', (payload: Record<string, unknown>) => progress.push(payload));
    const completed = new Promise<Record<string, unknown>>((resolve) => socket.once('ActionCompleted', resolve));
    socket.emit('subscribe', channel);
    expect(await completed).toMatchObject({ total: 1, done: 1, failed: 0, status: 'completed' });
    expect(router.requests).toContain('reboot');
    expect(progress.map((p) => (p.device as { outcome: string } | undefined)?.outcome)).toContain('accepted');
    await vi.waitFor(async () => expect((await record()).router_uptime).toBe(0), { timeout: 5000 });
  });

  it('ends an action to a device that stops answering as timed out, never done', async () => {
    router.silent = true;
    const socket = await connectSocket(server.url, admin);
    const reply = await admin.post('/api/devices/actions', { action: 'update_metrics_data', device_id: [device.id] });
    const outcomes: string[] = [];
    socket.on('ActionProgress', (payload: { device?: { outcome: string } }) =>
      outcomes.push(String(payload.device?.outcome)),
    );
    const completed = new Promise<Record<string, unknown>>((resolve) => socket.once('ActionCompleted', resolve));
    socket.emit('subscribe', (reply.body.meta as { channel: string }).channel);
    expect(await completed).toMatchObject({ total: 1, failed: 1 });
    expect(outcomes.at(-1)).toBe('timed_out');
    expect(outcomes).not.toContain('done');
    router.silent = false;
  });

  it("keeps the device's mobile data counters in its history: today's usage on its SIM in the data usage chart", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const range = `start_date=${today}%2000:00:00&end_date=${today}%2023:59:59`;
    await vi.waitFor(
      async () => {
        const days = rows(await admin.get(`/api/devices/${device.id}/data-usage?${range}`));
        expect(days.at(-1)).toMatchObject({ date: today, sim1_rx: 52_428_800, sim1_tx: 13_107_200, sim2_rx: null });
      },
      { timeout: 8000 },
    );
    // The record has no such columns: the counters are history only.
    expect(await record()).not.toHaveProperty('rx_day');
  });

  it('keeps the hotspot sessions the device reports: a user signed in, their traffic, and gone when no longer listed', async () => {
    const { db } = server.app.ctx;
    const at = new Date().toISOString();
    await db
      .insertInto('device_hotspots')
      .values({
        device_id: device.id,
        hotspot_index: 1,
        ssid: 'Guest',
        enabled: 1,
        auth_type: 'local users',
        hotspot_ip: '192.168.2.1',
        updated_at: at,
      })
      .onConflict((c) => c.doNothing())
      .execute();
    await db
      .insertInto('hotspot_users')
      .values({
        device_id: device.id,
        hotspot_index: 1,
        username: 'gateway-test',
        password: 'x',
        download: 0,
        upload: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const active = async () =>
      (await admin.get(`/api/devices/${device.id}/hotspots/1/users/active`)).body.hotspots_active_users as Record<
        string,
        unknown
      >[];
    const client = { hotspot: 1, username: 'gateway-test', mac: '02:00:00:00:77:01', ip: '192.168.2.77', upload: 0 };
    router.values.hotspot = writeHotspotClients([{ ...client, download: 1_048_576 }]);
    await vi.waitFor(
      async () =>
        expect(await active()).toEqual([
          expect.objectContaining({ username: 'gateway-test', mac: client.mac, ip: client.ip, download: '1 MB' }),
        ]),
      { timeout: 8000 },
    );
    router.values.hotspot = '-';
    await vi.waitFor(async () => expect(await active()).toEqual([]), { timeout: 8000 });
    delete router.values.hotspot;
  });

  it('lists an unknown serial as a discovered device for the admin', async () => {
    const stranger = await startTestRouter({ url: brokerUrl, serial: '9990001112', prefix, values: VALUES });
    try {
      await vi.waitFor(
        async () => {
          const list = await admin.get('/api/devices/discovered?limit=100&offset=0');
          if (list.status !== 200) throw new Error(JSON.stringify(list.body));
          expect(rows(list).map((r) => r.serial)).toContain('9990001112');
        },
        { timeout: 5000 },
      );
    } finally {
      await stranger.close();
    }
  });
});
