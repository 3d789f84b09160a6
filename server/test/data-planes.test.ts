import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HotspotClient } from '../devices/protocol';
import { setDeviceStatus, stepDataPlanes } from '../services/device-status';
import { recordHotspotClients } from '../services/hotspot-sessions';
import { type Client, rows, useServer } from './harness';
import { strict } from './openapi/conforms';
import { closeSockets, completed } from './sockets';

// The data planes the simulator plays, over real HTTP: its step is driven
// directly with chosen randomness (0: every idle client connects and every
// connected one disconnects; 0.5: connected clients move half the most
// traffic of a step, idle ones stay idle) and the clock is the test's. VPN
// sessions of RMS and custom hub users open and close, a closed one is in
// its user's logs, the hub's daily logs and connection logs; disabling a
// user or the hub closes at once. Hotspot sessions are what the device
// reports of its clients, and go with their device. Every answer has the OpenAPI's schema.

const SEEDED = Date.parse('2026-11-08T00:00:00.000Z');
let clock = Date.parse('2026-11-20T10:00:00.000Z');
const { server, admin, globex } = useServer(
  { admin: 'admin@example.com', globex: 'globex.admin@example.com' },
  { now: () => new Date(clock) },
);
afterAll(closeSockets);

/** Moves the test's clock, signing in again (the access token lasts 15 minutes). */
async function advance(ms: number) {
  clock += ms;
  await admin.login('admin@example.com');
  await globex.login('globex.admin@example.com');
}
const step = (random: number) => stepDataPlanes(server.app.ctx, () => random);
const seconds = (at: number) => Math.floor(at / 1000);
const stamp = (at: number) => new Date(at).toISOString().replace('T', ' ').slice(0, 19);

interface Session {
  name: string;
  type: string;
  ip?: string;
  vpn_ip?: string;
  object_id?: number;
  bytes_used: number;
  connected_since?: number;
}

async function sessions(hubId: number, client: Client = admin) {
  const reply = strict('GET /vpn/hubs/{id}/sessions', await client.get(`/api/vpn/hubs/${hubId}/sessions`));
  const done = await completed(server.url, client, reply);
  return (done.data as { vpn_sessions: Session[] }).vpn_sessions;
}
const planeSessions = async (hubId: number) => (await sessions(hubId)).filter((s) => s.type !== 'device');

async function userLogs(hubId: number, userId: number) {
  const url = `/api/vpn/hubs/${hubId}/users/${userId}/logs?limit=100&sort=-created_at`;
  return rows(strict('GET /vpn/hubs/{id}/users/{hub_user_id}/logs', await admin.get(url)));
}

describe('VPN hub sessions of RMS and custom users', () => {
  let hq: number;
  let engineers: number;
  let laptop: number;
  let me: { id: number; email: string };

  beforeAll(async () => {
    const hubs = rows(await admin.get('/api/vpn/hubs?limit=100'));
    hq = hubs.find((h) => h.name === 'HQ hub')!.id as number;
    engineers = hubs.find((h) => h.name === 'Engineers quick connect')!.id as number;
    laptop = rows(await admin.get('/api/vpn/hubs/users?limit=100')).find((u) => u.name === 'engineer-laptop')!
      .id as number;
    me = (await admin.get('/api/user')).body.data as { id: number; email: string };
  });

  it('lists the seeded session, closes it into the logs and connects the users of enabled hubs', async () => {
    expect(await planeSessions(engineers)).toEqual([
      {
        name: 'engineer-laptop',
        type: 'custom_user',
        ip: expect.stringMatching(/^198\.51\.100\.\d+$/),
        vpn_ip: '10.8.0.254',
        bytes_used: 2_621_440,
        connected_since: seconds(SEEDED),
      },
    ]);
    expect(await userLogs(engineers, laptop)).toHaveLength(7);
    await admin.post('/api/vpn/hubs/users', { vpn_hub_id: hq, user_id: me.id });
    await admin.post('/api/vpn/hubs/users/custom', { vpn_hub_id: hq, username: 'field-tablet' });
    expect(await planeSessions(hq)).toEqual([]);

    await step(0);
    expect(await planeSessions(engineers)).toEqual([]);
    const logs = await userLogs(engineers, laptop);
    expect(logs).toHaveLength(8);
    expect(logs[0]).toEqual({
      hub_id: engineers,
      session_bytes_send: 524_288,
      session_bytes_received: 2_097_152,
      created_at: stamp(clock),
    });
    const connected = await sessions(hq);
    expect(connected.filter((s) => s.type !== 'device')).toEqual([
      {
        name: me.email,
        type: 'rms_user',
        object_id: me.id,
        ip: expect.stringMatching(/^(198\.51\.100|203\.0\.113)\.\d+$/),
        vpn_ip: '10.8.0.254',
        bytes_used: 0,
        connected_since: seconds(clock),
      },
      expect.objectContaining({ name: 'field-tablet', type: 'custom_user', vpn_ip: '10.8.0.253', bytes_used: 0 }),
    ]);
    // Device clients keep their leases from the bottom of the network: no address is given twice.
    const addresses = connected.map((s) => s.vpn_ip);
    expect(connected.filter((s) => s.type === 'device').length).toBeGreaterThan(0);
    expect(new Set(addresses).size).toBe(addresses.length);
  });

  it('moves traffic while connected and closes at once when a user or the hub is turned off', async () => {
    const connectedAt = clock;
    await advance(600_000);
    await step(0.5);
    expect((await planeSessions(hq)).map((s) => [s.name, s.bytes_used])).toEqual([
      [me.email, 2_621_440],
      ['field-tablet', 2_621_440],
    ]);
    expect(await planeSessions(engineers)).toEqual([]);

    const users = rows(await admin.get(`/api/vpn/hubs/users?vpn_hub_id=${hq}&limit=100`));
    const mine = users.find((u) => u.type === 'rms_user')!.id as number;
    const tablet = users.find((u) => u.name === 'field-tablet')!.id as number;
    await advance(60_000);
    await completed(server.url, admin, await admin.post(`/api/vpn/hubs/users/${mine}/toggle`, { enabled: false }));
    const closedAt = clock;
    expect((await planeSessions(hq)).map((s) => s.name)).toEqual(['field-tablet']);
    expect(await userLogs(hq, mine)).toEqual([
      { hub_id: hq, session_bytes_send: 524_288, session_bytes_received: 2_097_152, created_at: stamp(clock) },
    ]);
    await step(0);
    expect((await planeSessions(hq)).map((s) => s.name)).toEqual([]);
    await step(0);
    expect((await planeSessions(hq)).map((s) => s.name)).toEqual(['field-tablet']);

    await completed(server.url, admin, await admin.put(`/api/vpn/hubs/${hq}/toggle`, { enabled: false }));
    expect(await sessions(hq)).toEqual([]);
    expect(await userLogs(hq, tablet)).toHaveLength(2);
    await step(0);
    expect(await sessions(hq)).toEqual([]);
    await completed(server.url, admin, await admin.put(`/api/vpn/hubs/${hq}/toggle`, { enabled: true }));

    const connections = strict(
      'GET /vpn/hubs/{id}/logs/user-connections',
      await admin.get(`/api/vpn/hubs/${hq}/logs/user-connections?sort=-connected_at&limit=100`),
    );
    // The seeded week of its two device clients, and the three sessions closed here.
    expect(connections.body.meta).toMatchObject({ total: 17 });
    expect(rows(connections).filter((c) => c.type !== 'device')).toHaveLength(3);
    expect(rows(connections).find((c) => c.vpn_user_id === mine)).toEqual({
      vpn_hub_id: hq,
      vpn_user_id: mine,
      name: me.email,
      visual_name: me.email,
      ip: expect.stringMatching(/^(198\.51\.100|203\.0\.113)\.\d+$/),
      type: 'rms_user',
      connected_at: stamp(connectedAt),
      disconnected_at: stamp(closedAt),
    });
  });

  it("sums the hub's closed sessions per day, in a date range, and counts them into its data used", async () => {
    const day = stamp(clock).slice(0, 10);
    const url = `/api/vpn/hubs/${hq}/logs?start_date=${day}&end_date=${day}`;
    const logs = rows(strict('GET /vpn/hubs/{id}/logs', await admin.get(url)));
    expect(logs).toEqual([
      {
        hub_id: hq,
        session_bytes_send: 524_288 * 2,
        session_bytes_received: 2_097_152 * 2,
        total_data_used: 2_621_440 * 2,
        created_at: `${day} 00:00:00`,
      },
    ]);
    const hub = (await admin.get(`/api/vpn/hubs/${hq}`)).body.data as { bytes_used: number };
    expect(hub.bytes_used).toBe(734_003_200 + 2_621_440 * 2);
    const seededDays = rows(
      await admin.get(`/api/vpn/hubs/${engineers}/logs?start_date=2026-11-01&end_date=2026-11-30`),
    );
    expect(seededDays.map((d) => d.created_at)).toEqual([
      ...Array.from({ length: 7 }, (_, i) => `2026-11-0${i + 1} 00:00:00`),
      `${day} 00:00:00`,
    ]);
    // Another company's hub is not found.
    for (const path of ['logs', 'logs/user-connections', 'sessions']) {
      expect((await globex.get(`/api/vpn/hubs/${hq}/${path}`)).status, path).toBe(404);
    }
    for (const [query, source] of [
      [`start_date=2026-13-01&end_date=${day}`, 'start_date'],
      [`start_date=${day}&start_date=${day}&end_date=${day}`, 'start_date'],
      [`start_date=${day}`, 'end_date'],
      [`start_date=${day}&end_date=2026-11-01`, 'end_date'],
    ]) {
      const bad = await admin.get(`/api/vpn/hubs/${hq}/logs?${query}`);
      expect(bad.status, query).toBe(422);
      expect((bad.body.errors as { source: string }[])[0].source, query).toBe(source);
    }
  });

  it('takes the session with a deleted user', async () => {
    await step(0);
    const tablet = rows(await admin.get(`/api/vpn/hubs/users?vpn_hub_id=${hq}&limit=100`)).find(
      (u) => u.name === 'field-tablet',
    )!.id as number;
    expect((await planeSessions(hq)).map((s) => s.name)).toEqual(['field-tablet']);
    await completed(server.url, admin, await admin.delete(`/api/vpn/hubs/users/${tablet}`));
    expect(await planeSessions(hq)).toEqual([]);
    await step(0);
    expect(await planeSessions(hq)).toEqual([]);
  });
});

describe('hotspot sessions', () => {
  let device: number;
  let base: string;
  const active = async () => {
    const reply = strict('GET /devices/{id}/hotspots/{index}/users/active', await admin.get(`${base}/1/users/active`));
    return reply.body.hotspots_active_users as Record<string, unknown>[];
  };
  /** The device's online users, as its hotspots and the hotspots list count them. */
  const onlineUsers = async () => {
    const listed = rows(strict('GET /hotspots', await admin.get(`/api/hotspots?id=${device}&limit=1`)))[0];
    const own = rows(await admin.get(base))[0].online_users;
    expect(listed.online_users).toBe(own);
    return own;
  };

  beforeAll(async () => {
    for (const row of rows(await admin.get('/api/devices?company_id=1&sort=id&limit=20'))) {
      if (rows(await admin.get(`/api/devices/${String(row.id)}/hotspots`)).length) {
        device = row.id as number;
        break;
      }
    }
    base = `/api/devices/${device}/hotspots`;
    await setDeviceStatus(server.app.ctx, device, 1);
  });

  /** What the device reports of its hotspot clients (the gateway's recorder writes it so). */
  const report = (clients: Omit<HotspotClient, 'hotspot'>[]) =>
    recordHotspotClients(
      server.app.ctx.db,
      device,
      clients.map((c) => ({ hotspot: 1, ...c })),
      new Date(clock).toISOString(),
    );
  const visitor = { username: 'visitor', mac: '02:00:00:00:05:01', ip: '192.168.2.10' };
  const staff = { username: 'staff', mac: '02:00:00:00:05:02', ip: '192.168.2.11' };

  it('starts, counts and ends sessions as the device reports its clients, with traffic, MAC and IP', async () => {
    const [seeded] = await active();
    expect(seeded).toMatchObject({ username: 'visitor' });
    await report([
      { ...visitor, mac: String(seeded.mac), download: 60_000_000, upload: 6_000_000 },
      { ...staff, download: 0, upload: 0 },
    ]);
    const [still, signedIn] = await active();
    // The seeded session goes on (same MAC): its start is kept.
    expect(still).toMatchObject({ username: 'visitor', start_time: seeded.start_time, download: '57.22 MB' });
    expect(signedIn).toMatchObject({
      device_id: device,
      ssid: 'Guest',
      username: 'staff',
      mac: staff.mac,
      ip: staff.ip,
      start_time: stamp(clock),
      use_time: '00:00:00',
      download: '0 Bytes',
      upload: '0 Bytes',
    });
    expect(await onlineUsers()).toBe(2);
    await advance(3_725_000);
    await report([{ ...staff, download: 4_194_304, upload: 524_288 }]);
    expect(await active()).toEqual([
      expect.objectContaining({ username: 'staff', use_time: '01:02:05', download: '4 MB', upload: '512 KB' }),
    ]);
    // Signed in again from another device: a new session.
    await report([{ ...staff, mac: '02:00:00:00:05:03', download: 0, upload: 0 }]);
    await advance(60_000);
    expect(await active()).toEqual([expect.objectContaining({ username: 'staff', use_time: '00:01:00' })]);
  });

  it('keeps no session for a user the console does not know, or on a disabled hotspot', async () => {
    await report([{ username: 'stranger', mac: '02:00:00:00:05:09', ip: '192.168.2.19', download: 0, upload: 0 }]);
    expect(await active()).toEqual([]);
    const hotspot = () => server.app.ctx.db.updateTable('device_hotspots').where('device_id', '=', device);
    await hotspot().set({ enabled: 0 }).execute();
    await report([{ ...staff, download: 0, upload: 0 }]);
    expect(await active()).toEqual([]);
    await hotspot().set({ enabled: 1 }).execute();
  });

  it('closes the sessions of a device that goes offline and of a removed user', async () => {
    await report([
      { ...visitor, download: 0, upload: 0 },
      { ...staff, download: 0, upload: 0 },
    ]);
    expect(await onlineUsers()).toBe(2);
    await setDeviceStatus(server.app.ctx, device, 0);
    expect(await active()).toEqual([]);
    expect(await onlineUsers()).toBe(0);
    await setDeviceStatus(server.app.ctx, device, 1);
    await report([
      { ...visitor, download: 0, upload: 0 },
      { ...staff, download: 0, upload: 0 },
    ]);
    expect((await active()).map((u) => u.username).sort()).toEqual(['staff', 'visitor']);
    await completed(server.url, admin, await admin.delete(`${base}/1/users?username=staff`));
    expect((await active()).map((u) => u.username)).toEqual(['visitor']);
  });
});
