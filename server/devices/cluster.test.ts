import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { rows, signedIn, startServer, type TestServer } from '../test/harness';
import { removeRedisKeys, TEST_REDIS_URL } from '../test/redis';
import { startTestRouter, type TestRouter } from '../test/mqtt-router';
import { startDeviceGateway, type DeviceGateway, type GatewayOptions } from './gateway';

// Two server instances over one database, Redis and Mosquitto: the device
// messages are shared between them (MQTT 5 shared subscriptions), each
// handled once; one instance (the Redis leader) polls; when it stops,
// the other takes the schedule over within the lock's expiry.

const prefix = `test-${randomUUID()}/`;
const redisPrefix = `gw-${randomUUID().slice(0, 8)}:`;
const options: GatewayOptions = {
  url: 'mqtt://127.0.0.1:1883',
  host: '127.0.0.1',
  port: 0,
  username: 'fleet-gateway',
  topicPrefix: prefix,
  enrollment: true,
  discoveryMs: 60_000,
  answerMs: 600,
  pollIntervalMs: 700,
};
const log = { info: () => undefined, warn: () => undefined };

let a: TestServer;
let b: TestServer;
let gateways: DeviceGateway[] = [];
let router: TestRouter;
let commands = 0;
let answers = 0;

beforeAll(async () => {
  a = await startServer({ redisUrl: TEST_REDIS_URL, redisPrefix });
  b = await startServer({ redisUrl: TEST_REDIS_URL, redisPrefix, dbFile: a.dbFile });
  const admin = await signedIn(a, 'admin@example.com');
  const [device] = rows(await admin.get('/api/devices?company_id=1&limit=1&fields=id,serial')) as { serial: string }[];
  await a.app.ctx.db.updateTable('devices').set({ monitoring_enabled: 0 }).execute();
  await a.app.ctx.db
    .updateTable('devices')
    .set({ monitoring_enabled: 1 })
    .where('serial', '=', device.serial)
    .execute();
  gateways = [await startDeviceGateway(a.app.ctx, options, log), await startDeviceGateway(b.app.ctx, options, log)];
  router = await startTestRouter({
    url: options.url!,
    serial: device.serial,
    prefix,
    values: { uptime: 5, signal: -60 },
  });
  router.client.on('message', (topic) => {
    if (topic.endsWith('/command')) commands += 1;
  });
  router.client.on('packetsend', (packet) => {
    if (packet.cmd === 'publish') answers += 1;
  });
});

afterAll(async () => {
  await router?.close();
  for (const gateway of gateways) await gateway.close();
  await b?.close();
  await a?.close();
  await removeRedisKeys(redisPrefix);
});

it('polls from one instance and handles each device message once, shared by both', async () => {
  await vi.waitFor(() => expect(answers).toBeGreaterThan(20), { timeout: 10_000 });
  const start = commands;
  await new Promise((resolve) => setTimeout(resolve, 3500));
  // One poller: 7 questions a round, a round every 0.7 s (two pollers would ask twice as often).
  expect((commands - start) / 7).toBeLessThanOrEqual(6.5);
  router.silent = true;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const [first, second] = gateways.map((g) => g.handled());
  expect(first + second).toBe(answers);
  expect(first).toBeGreaterThan(0);
  expect(second).toBeGreaterThan(0);
  router.silent = false;
});

it('moves the poll schedule to the other instance when the leader stops', async () => {
  expect(gateways.filter((g) => g.polling())).toHaveLength(1);
  const leaving = gateways.find((g) => g.polling())!;
  const staying = gateways.find((g) => !g.polling())!;
  const started = Date.now();
  await leaving.close();
  gateways = [staying];
  const before = commands;
  await vi.waitFor(() => expect(commands).toBeGreaterThan(before + 14), { timeout: 12_000 });
  expect(staying.polling()).toBe(true);
  expect(Date.now() - started).toBeLessThan(12_000);
});
