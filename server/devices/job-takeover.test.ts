import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '../test/harness';
import { startTestRouter, type TestRouter } from '../test/mqtt-router';
import { monitorOnly, sharedBackend, until, type SharedBackend } from '../test/instances';
import { inDatabase } from '../test/project-database';
import { startServerProcess, stopServerProcesses, type ServerProcess } from '../test/process';
import { closeSockets, connectSocket } from '../test/sockets';

// A device action outlives the instance that sent it (issue 26): two real
// server processes over one database, Redis and Mosquitto; instance A sends
// an action to a router that takes a while to finish it, and is killed with
// SIGKILL once the router accepted it. Instance B takes the job over when its
// lock expires and sends the request again under the same id: the router
// answers it without running the action twice, and the job completes as
// done on its channel, followed on B.

const MOSQUITTO = 'mqtt://127.0.0.1:1883';
const prefix = `test-${randomUUID()}/`;
let backend: SharedBackend | undefined;
let env: Record<string, string>;
let router: TestRouter;
let device: { id: number; serial: string };
const servers: ServerProcess[] = [];

beforeAll(async () => {
  backend = await sharedBackend('job-takeover', { seeded: true });
  device = await inDatabase(backend.database.target, (db) => monitorOnly(db, 1));
  env = {
    ...backend.env,
    MQTT_URL: MOSQUITTO,
    MQTT_TOPIC_PREFIX: prefix,
    MQTT_POLL_SECONDS: '1',
    MQTT_ANSWER_SECONDS: '1',
    MQTT_DISCOVERY_SECONDS: '600',
  };
  // It answers its polls all along (online), and finishes an action 15 s after accepting it.
  router = await startTestRouter({
    url: MOSQUITTO,
    serial: device.serial,
    prefix,
    values: { uptime: 5, signal: -60 },
    resultMs: 15_000,
  });
}, 120_000);

afterAll(async () => {
  closeSockets();
  await stopServerProcesses(servers);
  await router?.close();
  await backend?.remove();
});

it('a device action sent by a killed instance completes through the other, run once by the device', async () => {
  const a = await startServerProcess(env, { timeoutMs: 90_000 });
  servers.push(a);
  const admin = new Client(a.url);
  expect((await admin.login('admin@example.com')).status).toBe(200);
  // Online once its first polls are answered.
  for (let i = 0; ; i++) {
    const reply = await admin.get<{ data: { status: number } }>(`/api/devices/${device.id}`);
    if (reply.body.data.status === 1) break;
    if (i > 200) throw new Error('the device did not come online');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const sent = await admin.post<{ meta: { channel: string } }>('/api/devices/actions', {
    action: 'update_metrics_data',
    device_id: [device.id],
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const { channel } = sent.body.meta;
  await until(() => router.ran.includes('update_metrics_data'), 20_000, 'the router to accept the action');

  // B starts only now, so that A's worker (not B's) took the job; then A dies without releasing anything.
  const b = await startServerProcess(env, { timeoutMs: 90_000 });
  servers.push(b);
  const onB = new Client(b.url);
  for (const [name, value] of admin.cookies) onB.cookies.set(name, value);
  const socket = await connectSocket(b.url, onB);
  const completed = new Promise<{ done: number; failed: number }>((resolve) => socket.once('ActionCompleted', resolve));
  socket.emit('subscribe', channel);
  a.child.kill('SIGKILL');
  expect(await a.exited).toBe('SIGKILL');

  expect(await completed).toMatchObject({ done: 1, failed: 0 });
  // B sent the request again under the same id; the router ran the action once.
  expect(router.requests.filter((r) => r === 'update_metrics_data').length).toBeGreaterThan(1);
  expect(router.ran.filter((r) => r === 'update_metrics_data')).toHaveLength(1);
}, 150_000);
