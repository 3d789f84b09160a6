import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { rows, useServer, type Client, type Reply } from '../test/harness';
import { closeSockets, connectSocket } from '../test/sockets';
import { deadlines } from '../test/mqtt-router';
import { startFleet, type Fleet } from '../../sim/fleet';
import { startDeviceGateway, type GatewayOptions } from './gateway';
import { issueDeviceCredentials } from './credentials';
import { DOWNLOAD_PATH } from './device-jobs';
import { signDownload } from './downloads';

// The device jobs over the embedded broker with the fleet simulator as the
// devices: a command, a firmware update (the device downloads the file by
// its signed link, checks it, installs it with progress and reboots) and a
// configuration upload are sent over the control channel and end with the
// device's own answer on the job's channel and in the device log; a job for
// an offline device stays pending and goes out when the device comes
// online; a device that goes away after accepting ends as timed out, never
// done.

const quick: GatewayOptions = {
  host: '127.0.0.1',
  port: 0,
  username: 'fleet-gateway',
  topicPrefix: '',
  enrollment: true,
  discoveryMs: 1000,
  answerMs: 600,
  pollIntervalMs: 700,
  controlTimeouts: {
    resendMs: 500,
    sends: 3,
    deadlineMs: deadlines(2000, {
      reboot: 6000,
      update_metrics_data: 3000,
      command: 3000,
      config_update: 6000,
      firmware_update: 8000,
    }),
  },
};
const log = { info: () => undefined, warn: () => undefined };

type Device = { id: number; serial: string; model: string; company_id: number };
type Step = { id: number; outcome: string; progress?: number; message?: string; result?: Record<string, unknown> };

const { server, admin } = useServer({ admin: 'admin@example.com' });
let devices: Device[];
const fleets: Fleet[] = [];
let broker: string;
const secrets = new Map<string, string>();

const record = (id: number) =>
  server.app.ctx.db.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const fleetOf = async (device: Device) => {
  const fleet = await startFleet({
    broker,
    devices: [{ serial: device.serial, model: device.model, secret: secrets.get(device.serial) }],
    behaviour: { rebootMs: 1200, dropoutsPerHour: 0 },
  });
  fleets.push(fleet);
  return fleet;
};

/** Starts a job and follows its channel (the socket connected first): each device step and the completion. */
async function follow(client: Client, start: () => Promise<Reply>) {
  const socket: Socket = await connectSocket(server.url, client);
  const reply = await start();
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const steps: Step[] = [];
  socket.on('ActionProgress', (payload: { device?: Step }) => payload.device && steps.push(payload.device));
  const completed = new Promise<Record<string, unknown>>((resolve) => socket.once('ActionCompleted', resolve));
  socket.emit('subscribe', (reply.body.meta as { channel: string }).channel);
  return { steps, completed, socket };
}

const logEntry = async (deviceId: number, action: string) => {
  const all = await server.app.ctx.db
    .selectFrom('records')
    .select(['status', 'details'])
    .where('kind', '=', 'device_action_log')
    .orderBy('id', 'desc')
    .execute();
  const entry = all.find((r) => {
    const details = JSON.parse(r.details) as { device_id: number; action: string };
    return details.device_id === deviceId && details.action === action;
  });
  return entry && { status: entry.status, details: JSON.parse(entry.details) as Record<string, unknown> };
};

beforeAll(async () => {
  const { db } = server.app.ctx;
  devices = rows(
    await admin.get('/api/devices?company_id=1&sort=id&limit=3&fields=id,serial,model,company_id'),
  ) as never;
  await db.updateTable('devices').set({ monitoring_enabled: 0, status: 0 }).execute();
  await db
    .updateTable('devices')
    .set({ monitoring_enabled: 1 })
    .where(
      'id',
      'in',
      devices.map((d) => d.id),
    )
    .execute();
  for (const { serial, secret } of await issueDeviceCredentials(
    db,
    devices.map((d) => d.serial),
  ))
    secrets.set(serial, secret);
  server.app.ctx.devices = await startDeviceGateway(server.app.ctx, quick, log);
  broker = server.app.ctx.devices.brokerUrl;
  await fleetOf(devices[0]);
  await vi.waitFor(async () => expect((await record(devices[0].id)).status).toBe(1), { timeout: 10_000 });
}, 60_000);

afterAll(async () => {
  closeSockets();
  for (const fleet of fleets) await fleet.stop();
  await server.app.ctx.devices?.close();
  server.app.ctx.devices = undefined;
});

const firmwareFile = async () =>
  rows(await admin.get('/api/files?type=firmware&company_id=1&sort=id&limit=1'))[0] as { id: number; version: string };

describe('device jobs over the control channel', () => {
  it('runs a command on the device and logs its output', async () => {
    const [device] = devices;
    const job = await follow(admin, () => admin.post(`/api/devices/${device.id}/command`, { command: 'uptime' }));
    expect(await job.completed).toMatchObject({ total: 1, failed: 0 });
    const outcomes = job.steps.map((s) => s.outcome);
    expect(outcomes).toEqual(['accepted', 'done']);
    expect(job.steps[1].result).toMatchObject({ output: expect.stringMatching(/^up \d+ seconds$/) });
    expect(await logEntry(device.id, 'command')).toMatchObject({
      status: 'completed',
      details: { outcome: 'done', result: { output: expect.stringMatching(/^up/) } },
    });
    const unknown = await follow(admin, () => admin.post(`/api/devices/${device.id}/command`, { command: 'rm -rf /' }));
    expect(await unknown.completed).toMatchObject({ total: 1, failed: 1 });
    expect(unknown.steps.at(-1)).toMatchObject({ outcome: 'failed', message: 'Unknown command: rm -rf /' });
    const logs = rows(await admin.get(`/api/devices/${device.id}/logs?limit=2`));
    expect(logs.map((l) => [l.log, l.status])).toEqual([
      ['rm -rf /', false],
      ['uptime', true],
    ]);
  });

  it('updates the firmware: the device downloads it by its link, reports progress, reboots into it', async () => {
    const [device] = devices;
    const file = await firmwareFile();
    const job = await follow(admin, () =>
      admin.post('/api/devices/updates/set', { file_id: file.id, device_id: [device.id] }),
    );
    expect(await job.completed).toMatchObject({ total: 1, failed: 0 });
    const outcomes = job.steps.map((s) => s.outcome);
    expect(outcomes[0]).toBe('accepted');
    expect(outcomes.at(-1)).toBe('done');
    expect(job.steps.filter((s) => s.outcome === 'progress').map((s) => s.progress)).toEqual([0, 50, 75, 100]);
    expect((await record(device.id)).firmware).toBe(file.version);
    expect(await logEntry(device.id, 'firmware_upload')).toMatchObject({ status: 'completed' });
    expect(rows(await admin.get('/api/devices/updates/pending?limit=100'))).toEqual([]);
  });

  it('uploads a configuration, applied by the device', async () => {
    const [device] = devices;
    const file = rows(await admin.get('/api/files?type=config&company_id=1&limit=1'))[0];
    const job = await follow(admin, () =>
      admin.post('/api/devices/backups/upload', { file_id: file.id, device_id: [device.id] }),
    );
    expect(await job.completed).toMatchObject({ total: 1, failed: 0 });
    expect(job.steps.at(-1)).toMatchObject({ outcome: 'done', result: { applied: true } });
  });

  it('keeps a job for an offline device pending and sends it when the device comes online', async () => {
    const device = devices[1];
    const job = await follow(admin, () => admin.post(`/api/devices/${device.id}/command`, { command: 'uname -a' }));
    expect(await job.completed).toMatchObject({ total: 1, failed: 1 });
    expect(job.steps).toEqual([
      { id: device.id, outcome: 'offline', message: 'The device is offline. The job waits until it connects.' },
    ]);
    expect(await logEntry(device.id, 'command')).toMatchObject({ status: 'scheduled' });
    await fleetOf(device);
    await vi.waitFor(() => expect(job.steps.at(-1)?.outcome).toBe('done'), { timeout: 15_000 });
    expect(job.steps.map((s) => s.outcome)).toEqual(['offline', 'accepted', 'done']);
    expect(await logEntry(device.id, 'command')).toMatchObject({
      status: 'completed',
      details: { result: { output: expect.stringContaining('Linux') } },
    });
  });

  it('never sends a job cancelled while the device was offline', async () => {
    const device = devices[2];
    const file = await firmwareFile();
    const job = await follow(admin, () =>
      admin.post('/api/devices/updates/set', { file_id: file.id, device_id: [device.id] }),
    );
    await job.completed;
    const [pending] = rows(await admin.get('/api/devices/updates/pending?limit=100'));
    expect(pending).toMatchObject({ device_id: device.id, job_type: 1 });
    const cancel = await admin.post('/api/devices/updates/cancel', { data: [{ id: device.id, job_id: [pending.id] }] });
    expect(cancel.status).toBe(200);
    const fleet = await fleetOf(device);
    await vi.waitFor(async () => expect((await record(device.id)).status).toBe(1), { timeout: 10_000 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(job.steps.map((s) => s.outcome)).toEqual(['offline']);
    expect(fleet.device(device.serial)!.router.firmware).not.toBe(file.version);
    expect(await logEntry(device.id, 'firmware_upload')).toMatchObject({ status: 'cancelled' });
  });

  it('ends a job as timed out, never done, when the device goes offline after accepting it', async () => {
    const device = devices[2];
    const simulated = fleets.at(-1)!.device(device.serial)!;
    const file = rows(await admin.get('/api/files?type=config&company_id=1&limit=1'))[0];
    // The device accepts, then disappears before it answers anything else (its connection gone for good).
    const replies = simulated as unknown as { reply: (reply: unknown) => void };
    const original = replies.reply.bind(simulated);
    let sent = 0;
    vi.spyOn(replies, 'reply').mockImplementation((reply) => {
      if (sent++ === 0) return original(reply);
      setTimeout(() => void simulated.stop(), 100);
    });
    const job = await follow(admin, () =>
      admin.post('/api/devices/backups/upload', { file_id: file.id, device_id: [device.id] }),
    );
    expect(await job.completed).toMatchObject({ total: 1, failed: 1 });
    expect(job.steps.map((s) => s.outcome)).toEqual(['accepted', 'timed_out']);
    expect(job.steps[1].message).toBe('The device did not finish in time.');
    expect(await logEntry(device.id, 'config_upload')).toMatchObject({ status: 'timed_out' });
    await vi.waitFor(async () => expect((await record(device.id)).status).toBe(0), { timeout: 10_000 });
  });

  it('serves a file to a device only by a valid, unexpired link', async () => {
    const file = await firmwareFile();
    const { tokenKey } = server.app.ctx;
    const get = (token: string) => fetch(`${server.url}${DOWNLOAD_PATH}${token}`);
    const good = await get(signDownload(tokenKey, file.id, Date.now() + 60_000));
    expect(good.status).toBe(200);
    expect((await good.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const expired = signDownload(tokenKey, file.id, Date.now() - 1000);
    const forged = signDownload(tokenKey, file.id, Date.now() + 60_000).replace(/^\d+/, String(file.id + 1));
    for (const token of [expired, forged, 'x', `${file.id}.9999999999.${'A'.repeat(43)}`]) {
      const reply = await get(token);
      expect(reply.status).toBe(404);
      expect(((await reply.json()) as { success: boolean }).success).toBe(false);
    }
  });
});
