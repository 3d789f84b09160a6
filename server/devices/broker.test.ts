import { spawn } from 'node:child_process';
import { connect, createServer, type AddressInfo } from 'node:net';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows, useServer } from '../test/harness';
import { startTestRouter } from '../test/mqtt-router';
import { Aedes } from 'aedes';
import { AEDES_OPTIONS, BrokerPortError } from './broker';
import { issueDeviceCredentials } from './credentials';
import { startDeviceGateway, type GatewayOptions } from './gateway';

// The embedded broker's checks and faults: a device connects only with its
// serial's secret (a rotated secret stops working), publishes and subscribes
// only under its own serial (a forged serial is refused and logged, and the
// other device's record is unchanged), a flood from one device is cut by
// the rate limit; the gateway survives a broker (Mosquitto) restarting; a taken port
// stops the start with a message naming MQTT_PORT and MQTT_URL; a burst of
// messages behind slow deliveries is delivered, not a stack overflow.

const warnings: string[] = [];
const log = { info: () => undefined, warn: (message: string) => warnings.push(message) };
const options = (port = 0): GatewayOptions => ({
  host: '127.0.0.1',
  port,
  username: 'fleet-gateway',
  topicPrefix: '',
  enrollment: true,
  discoveryMs: 1000,
  answerMs: 600,
  pollIntervalMs: 700,
  rate: { perSecond: 20, burst: 30 },
});

const { server, admin } = useServer({ admin: 'admin@example.com' });
let victim: { id: number; serial: string };
let intruder: { id: number; serial: string };
const secrets: Record<string, string> = {};

beforeAll(async () => {
  const { db } = server.app.ctx;
  [victim, intruder] = rows(await admin.get('/api/devices?company_id=1&limit=2&fields=id,serial')) as (typeof victim)[];
  await db.updateTable('devices').set({ monitoring_enabled: 0 }).execute();
  for (const c of await issueDeviceCredentials(db, [victim.serial, intruder.serial])) secrets[c.serial] = c.secret;
  server.app.ctx.devices = await startDeviceGateway(server.app.ctx, options(), log);
});

afterAll(async () => {
  await server.app.ctx.devices?.close();
  server.app.ctx.devices = undefined;
});

const url = () => server.app.ctx.devices!.brokerUrl;
const signalOf = async (id: number) =>
  (await server.app.ctx.db.selectFrom('devices').select('signal').where('id', '=', id).executeTakeFirstOrThrow())
    .signal;

describe('embedded broker', () => {
  it('admits a device only with its own secret', async () => {
    const connect = (password: string) =>
      mqtt.connectAsync(url(), { username: victim.serial, password, reconnectPeriod: 0 });
    await expect(connect('wrong')).rejects.toThrow(/Bad username or password/i);
    const ok = await connect(secrets[victim.serial]);
    await ok.endAsync();
    // Rotated through the API: the old secret no longer works, the new one does.
    const rotated = await admin.post(`/api/devices/${victim.id}/mqtt-credentials`, {});
    expect(rotated.status).toBe(200);
    const fresh = (rotated.body.data as { username: string; password: string }).password;
    expect((rotated.body.data as { username: string }).username).toBe(victim.serial);
    await expect(connect(secrets[victim.serial])).rejects.toThrow(/Bad username or password/i);
    secrets[victim.serial] = fresh;
    await (await connect(fresh)).endAsync();
    const shown = await admin.get(`/api/devices/${victim.id}/mqtt-credentials`);
    expect(shown.body.data).toMatchObject({ username: victim.serial, issued: true });
    expect(JSON.stringify(shown.body)).not.toContain(fresh);
  });

  it("refuses and logs a device publishing another serial's values; the other record is unchanged", async () => {
    const before = await signalOf(victim.id);
    const forger = await mqtt.connectAsync(url(), {
      username: intruder.serial,
      password: secrets[intruder.serial],
      reconnectPeriod: 0,
    });
    const closed = new Promise<void>((resolve) => forger.once('close', () => resolve()));
    forger.publish(`router/${victim.serial}/signal`, '-1');
    await closed;
    expect(warnings.some((w) => w.includes(`refused a publish by device ${intruder.serial}`))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await signalOf(victim.id)).toBe(before);
    await forger.endAsync(true);
  });

  it("refuses a subscription to another serial's commands or a wildcard", async () => {
    const client = await mqtt.connectAsync(url(), {
      username: intruder.serial,
      password: secrets[intruder.serial],
      reconnectPeriod: 0,
    });
    for (const filter of [
      `get/${victim.serial}/command`,
      `fleet/${victim.serial}/request`,
      'router/#',
      'get/+/command',
    ])
      await expect(client.subscribeAsync(filter), filter).rejects.toThrow(/Subscribe error/);
    const own = await client.subscribeAsync(`get/${intruder.serial}/command`);
    expect(own.map((grant) => grant.qos)).toEqual([0]);
    expect(warnings.some((w) => w.includes(`refused a subscription by device ${intruder.serial}`))).toBe(true);
    await client.endAsync();
  });

  it('drops a flood from one device past its rate, without a crash', async () => {
    const router = await startTestRouter({
      url: url(),
      serial: intruder.serial,
      password: secrets[intruder.serial],
      values: {},
    });
    warnings.length = 0;
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => router.publish(`router/${intruder.serial}/signal`, String(-(i % 100)))),
    );
    await vi.waitFor(() => expect(warnings.some((w) => w.includes('sends too fast'))).toBe(true));
    await router.close();
    expect((await admin.get('/api/devices?limit=1')).status).toBe(200);
  });

  it('stops the start with a message naming MQTT_PORT and MQTT_URL when the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const start = startDeviceGateway(server.app.ctx, options(port), log);
      await expect(start).rejects.toThrow(BrokerPortError);
      await expect(start).rejects.toThrow(/MQTT_PORT.*MQTT_URL/);
    } finally {
      taken.close();
    }
  });
});

describe('a broker restart', () => {
  it('is survived: the gateway reconnects, resubscribes and polls again; the record keeps what it had', async () => {
    const { db } = server.app.ctx;
    await server.app.ctx.devices?.close();
    server.app.ctx.devices = undefined;
    await db.updateTable('devices').set({ monitoring_enabled: 1 }).where('id', '=', victim.id).execute();
    // A Mosquitto of the test's own on a free port, stopped and started again on the same port.
    const port = await freePort();
    let broker = startMosquitto(port);
    await waitForPort(port);
    const gateway = await startDeviceGateway(server.app.ctx, { ...options(), url: `mqtt://127.0.0.1:${port}` }, log);
    const values = { uptime: 100, signal: -70 };
    const router = await startTestRouter({ url: `mqtt://127.0.0.1:${port}`, serial: victim.serial, values });
    try {
      await vi.waitFor(async () => expect(await signalOf(victim.id)).toBe(-70), { timeout: 8000 });
      broker.kill('SIGTERM');
      await new Promise((resolve) => broker.once('exit', resolve));
      values.signal = -75;
      broker = startMosquitto(port);
      await vi.waitFor(async () => expect(await signalOf(victim.id)).toBe(-75), { timeout: 15_000 });
      expect(warnings.some((w) => w.includes('lost the broker'))).toBe(true);
    } finally {
      await router.close();
      await gateway.close();
      broker.kill('SIGTERM');
    }
  });
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const startMosquitto = (port: number) => spawn('mosquitto', ['-p', String(port)], { stdio: 'ignore' });

async function waitForPort(port: number) {
  await vi.waitFor(
    () =>
      new Promise<void>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.end();
          resolve();
        });
        socket.on('error', reject);
      }),
    { timeout: 5000 },
  );
}

describe('the embedded broker under a burst', () => {
  it('delivers 20,000 messages queued behind slow deliveries (aedes with its queue overflowed the stack)', async () => {
    const aedes = await Aedes.createBroker({ ...AEDES_OPTIONS });
    await new Promise<void>((resolve) => aedes.subscribe('slow', (_packet, cb) => setTimeout(cb, 10), resolve));
    const packet = (topic: string) => ({
      cmd: 'publish' as const,
      topic,
      payload: 'x',
      qos: 0 as const,
      retain: false,
      dup: false,
    });
    let delivered = 0;
    const all = 200 + 20_000;
    const finished = new Promise<void>((resolve) => {
      const count = () => ++delivered === all && resolve();
      for (let i = 0; i < 200; i++) aedes.publish(packet('slow'), count);
      for (let i = 0; i < 20_000; i++) aedes.publish(packet('fast'), count);
    });
    await finished;
    expect(delivered).toBe(all);
    await new Promise<void>((resolve) => aedes.close(() => resolve()));
  });
});
