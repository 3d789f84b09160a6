import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCK_MS, RENEW_MS } from '../cluster/leader';
import { monitorOnly, sharedBackend, until, type SharedBackend } from '../test/instances';
import { inDatabase } from '../test/project-database';
import { startServerProcess, stopServerProcesses, type ServerProcess } from '../test/process';
import { startTestRouter, type TestRouter } from '../test/mqtt-router';

// A killed leader: two real server processes (server/main.ts) over one
// database, this machine's Redis (a key prefix of this run) and Mosquitto (a
// topic prefix of this run). The first one holds the Redis leader lock and
// polls the device; it is killed with SIGKILL, so it releases nothing, and
// the second takes the poll schedule over once the lock has expired, within
// LOCK_MS plus one renewal period.

const MOSQUITTO = 'mqtt://127.0.0.1:1883';
const LEADS = 'device gateway: this instance runs the poll schedule';
const prefix = `test-${randomUUID()}/`;
let backend: SharedBackend | undefined;
let env: Record<string, string>;
let router: TestRouter;
const servers: ServerProcess[] = [];
/** When each poll question reached the router. */
const asked: number[] = [];

beforeAll(async () => {
  backend = await sharedBackend('leader-kill', { seeded: true });
  // One monitored device: the one the router plays.
  const { serial } = await inDatabase(backend.database.target, (db) => monitorOnly(db));
  env = {
    ...backend.env,
    MQTT_URL: MOSQUITTO,
    MQTT_TOPIC_PREFIX: prefix,
    MQTT_POLL_SECONDS: '1',
    MQTT_ANSWER_SECONDS: '1',
    MQTT_DISCOVERY_SECONDS: '600',
    LOG_LEVEL: 'info',
  };
  router = await startTestRouter({ url: MOSQUITTO, serial, prefix, values: { uptime: 5, signal: -60 } });
  router.client.on('message', (topic) => {
    if (topic.endsWith('/command')) asked.push(Date.now());
  });
}, 360_000);

afterAll(async () => {
  await stopServerProcesses(servers);
  await router?.close();
  await backend?.remove();
});

it('hands the poll schedule to the other instance within the lock expiry when the leader is killed', async () => {
  const leader = await startServerProcess(env, { timeoutMs: 150_000 });
  servers.push(leader);
  await until(() => asked.length > 0 && leader.output().includes(LEADS), 30_000, 'the first instance to poll');
  const follower = await startServerProcess(env, { timeoutMs: 150_000 });
  servers.push(follower);
  // The follower waits while the leader holds the lock: one poller's questions (7 a second), not two.
  const from = Date.now();
  const before = asked.length;
  await new Promise((resolve) => setTimeout(resolve, 4000));
  expect(follower.output()).not.toContain(LEADS);
  expect((asked.length - before) / ((Date.now() - from) / 1000)).toBeLessThan(7 * 1.6);

  leader.child.kill('SIGKILL');
  expect(await leader.exited).toBe('SIGKILL');
  const killedAt = Date.now();
  // Questions already on their way when it died may still arrive; the next ones are the follower's.
  await until(() => asked.some((at) => at > killedAt + 500), LOCK_MS + RENEW_MS + 10_000, 'polling to resume');
  const resumedAt = asked.find((at) => at > killedAt + 500)!;
  expect(follower.output()).toContain(LEADS);
  expect(resumedAt - killedAt).toBeLessThan(LOCK_MS + RENEW_MS + 1500);
  // And it keeps polling.
  const count = asked.length;
  await until(() => asked.length >= count + 14, 5000, 'two more rounds');
}, 360_000);
