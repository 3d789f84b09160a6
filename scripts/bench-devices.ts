import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import type { MqttClient } from 'mqtt';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/open';
import { startFleet } from '../sim/fleet';
import { databaseDevices } from '../sim/sources';
import { percentile, signIn } from './bench-http';
import { benchDatabase } from './bench-postgres';
import { removeRedisKeys } from '../server/test/redis';

// `npm run bench:devices` (docs/benchmarks.md): BENCH_DEVICES simulated
// routers (10,000) on the embedded broker of one server instance
// (server/main.ts, a process of its own), each polled every
// BENCH_POLL_SECONDS (60). After BENCH_WARMUP_SECONDS (one poll interval
// and 10 s) it measures for BENCH_SECONDS (two poll intervals): device
// messages the server handled a second (the simulator's answers), the
// server process's CPU (share of one core, and per message), the latency of
// a value from the device to an open page (a sample of company 1's devices:
// the uptime a device publishes, until the DeviceUpdated carrying it reaches
// a signed-in socket) and an action's round trip (update_metrics_data to one
// device, from the POST to its ActionCompleted on the channel), p50 and p95.
// BENCH_ACTIONS (30) actions, one after another, BENCH_SAMPLE (50) devices
// followed. Prints a table. On a shared machine run it with a small
// BENCH_DEVICES (100) and BENCH_POLL_SECONDS (10) to check that it works.
//
// BENCH_INSTANCES=2: two server instances over PostgreSQL
// (BENCH_POSTGRES_URL, this machine's by default; a database of the run's
// own) and Redis (REDIS_URL, a key prefix of the run's own), sharing the
// devices through this machine's Mosquitto (BENCH_MQTT_URL, a topic prefix
// of the run's own, MQTT 5 shared subscriptions). The page is signed in on
// the first instance and the actions are sent to the second, so a result
// crosses instances; the CPU is both processes'.

const env = process.env;
const DEVICES = Number(env.BENCH_DEVICES ?? 10_000);
const POLL_S = Number(env.BENCH_POLL_SECONDS ?? 60);
const WARMUP_S = Number(env.BENCH_WARMUP_SECONDS ?? POLL_S + 10);
const SECONDS = Number(env.BENCH_SECONDS ?? 2 * POLL_S);
const ACTIONS = Number(env.BENCH_ACTIONS ?? 30);
const SAMPLE = Number(env.BENCH_SAMPLE ?? 50);
const INSTANCES = Number(env.BENCH_INSTANCES ?? 1);
const CLUSTER = INSTANCES > 1;
const USER = 'admin@example.com';
const ROOT = path.resolve(import.meta.dirname, '..');
const CLOCK_TICKS = 100;
const RUN = `bench-devices-${process.pid}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process's CPU time so far (user and system, ms) from /proc. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-bench-devices-'));
const dbFile = path.join(dir, 'bench.db');
const postgres = CLUSTER
  ? await benchDatabase(env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  : undefined;
const target = postgres?.url ?? dbFile;
console.log(`Seeding ${DEVICES.toLocaleString('en')} devices${CLUSTER ? ' (PostgreSQL)' : ''}...`);
const seeding = await buildApp({
  dbFile,
  databaseUrl: postgres?.url,
  reset: true,
  devices: DEVICES,
  logLevel: 'silent',
});
await seeding.close();
const { db, close } = openDatabase(target, { poolSize: 1 });
await db.updateTable('devices').set({ monitoring_enabled: 1, dynamic_monitoring: null, status: 0 }).execute();
const rows = await db.selectFrom('devices').select(['id', 'serial', 'company_id']).orderBy('id').execute();
await close();
console.log('Issuing the devices\u2019 MQTT credentials...');
const fleetDevices = await databaseDevices(target);

const REDIS_URL = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MQTT_URL = env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const prefix = CLUSTER ? `${RUN}/` : '';

/** One server instance as a process; answers its console URL, its broker's and the process. */
async function startInstance(n: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: env.PATH,
      HOME: env.HOME,
      PORT: '0',
      MQTT_POLL_SECONDS: String(POLL_S),
      LOG_LEVEL: 'warn',
      TOKEN_KEY: tokenKey,
      ...(CLUSTER
        ? {
            DATABASE_URL: postgres!.url,
            REDIS_URL,
            REDIS_PREFIX: `${RUN}:`,
            MQTT_URL,
            MQTT_TOPIC_PREFIX: prefix,
          }
        : { DB_FILE: dbFile, MQTT_PORT: '0' }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  // Each instance's log (warnings and errors) is kept for the run: reports/bench-devices-N.log.
  fs.mkdirSync(path.join(ROOT, 'reports'), { recursive: true });
  const log = fs.createWriteStream(path.join(ROOT, 'reports', `bench-devices-${n}.log`));
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  });
  process.once('exit', () => child.exitCode === null && child.kill('SIGTERM'));
  while (!/Console and API on/.test(output) || (!CLUSTER && !/MQTT broker.*mqtt:\/\//.test(output))) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    await sleep(100);
  }
  const url = /Console and API on (http:\/\/\S+)/.exec(output)![1].replace('localhost', '127.0.0.1');
  const broker = CLUSTER ? MQTT_URL : /MQTT broker.*?(mqtt:\/\/\S+)/.exec(output)![1];
  return { url, broker, child };
}

const tokenKey = randomBytes(32).toString('base64');
const servers: Awaited<ReturnType<typeof startInstance>>[] = [];
for (let i = 0; i < INSTANCES; i++) servers.push(await startInstance(i + 1));
const base = servers[0].url;
/** Where the actions go: the last instance (the second of two). */
const actionBase = servers.at(-1)!.url;
const { broker } = servers[0];
const serverCpu = () => servers.reduce((sum, s) => sum + cpuMs(s.child.pid!), 0);

console.log(`Connecting ${DEVICES.toLocaleString('en')} simulated devices to ${broker}...`);
const fleet = await startFleet({
  broker,
  devices: fleetDevices,
  prefix,
  behaviour: { dropoutsPerHour: 0 },
  concurrency: 100,
});
if (fleet.refused.length) console.log(`  ${fleet.refused.length} refused by the broker`);

// A signed-in page: the sample devices' DeviceUpdated events and the actions' channels.
const cookie = await signIn(base, USER);
const socket: Socket = io(base, { transports: ['websocket'], extraHeaders: { cookie } });
await new Promise<void>((resolve, reject) => {
  socket.once('connect', () => resolve());
  socket.once('connect_error', reject);
});
const sample = rows.filter((r) => r.company_id === 1).slice(0, SAMPLE);
const serialOf = new Map(sample.map((r) => [r.id, r.serial]));
socket.emit('subscribe', 'company.1');
const published = new Map<string, number>();
for (const { serial } of sample) {
  const client = (fleet.device(serial) as unknown as { client: MqttClient | null }).client;
  client?.on('packetsend', (packet) => {
    if (packet.cmd === 'publish' && packet.topic.endsWith(`/${serial}/uptime`))
      published.set(`${serial}:${String(packet.payload)}`, performance.now());
  });
}
let measuring = false;
const latencies: number[] = [];
socket.on('DeviceUpdated', (event: { data: { id: number; router_uptime?: number } }) => {
  const serial = serialOf.get(event.data.id);
  const key = `${serial}:${event.data.router_uptime}`;
  const sent = serial && published.get(key);
  // A value's first arrival: later updates of the record (another parameter, another instance) carry it again.
  published.delete(key);
  if (measuring && sent) latencies.push(performance.now() - sent);
});

const sent = () => fleet.devices.reduce((sum, device) => sum + device.published, 0);
console.log(`Warming up for ${WARMUP_S} s (the first poll round)...`);
await sleep(WARMUP_S * 1000);

console.log(`Measuring for ${SECONDS} s...`);
measuring = true;
const start = { at: performance.now(), cpu: serverCpu(), messages: sent() };
const trips: number[] = [];
const actionsDone = (async () => {
  for (let i = 0; i < ACTIONS; i++) {
    const device = sample[i % sample.length];
    const began = performance.now();
    const reply = await fetch(`${actionBase}/api/devices/actions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie,
        'x-xsrf-token': decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)![1]),
      },
      body: JSON.stringify({ action: 'update_metrics_data', device_id: [device.id] }),
    });
    const { meta } = (await reply.json()) as { meta?: { channel: string } };
    if (!meta) continue;
    const outcome = await new Promise<{ done: number }>((resolve) => {
      const onDone = (event: { channel: string; done: number; failed: number }) => {
        if (event.channel !== meta.channel) return;
        socket.off('ActionCompleted', onDone);
        resolve({ done: event.done - event.failed });
      };
      socket.on('ActionCompleted', onDone);
      socket.emit('subscribe', meta.channel);
    });
    if (outcome.done === 1) trips.push(performance.now() - began);
    await sleep((SECONDS * 1000) / (ACTIONS + 1));
  }
})();
await sleep(SECONDS * 1000);
const end = { at: performance.now(), cpu: serverCpu(), messages: sent() };
measuring = false;
await actionsDone;

const seconds = (end.at - start.at) / 1000;
const messages = end.messages - start.messages;
const cpu = end.cpu - start.cpu;
latencies.sort((a, b) => a - b);
trips.sort((a, b) => a - b);
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const table: [string, string, string][] = [
  ['devices (polled every ' + POLL_S + ' s)', DEVICES.toLocaleString('en'), ''],
  ['device messages handled / s', (messages / seconds).toFixed(0), ''],
  [
    `server CPU (share of one core${CLUSTER ? ', both instances' : ''})`,
    `${((cpu / (seconds * 1000)) * 100).toFixed(1)} %`,
    CLUSTER ? '' : '< 50 %',
  ],
  ['server CPU per message', messages ? `${((cpu * 1000) / messages).toFixed(0)} µs` : 'n/a', ''],
  [
    `value to page p50 / p95 (${latencies.length} values)`,
    `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))}`,
    'p95 < 1 s',
  ],
  [
    `action round trip p50 / p95 (${trips.length} of ${ACTIONS})`,
    `${ms(percentile(trips, 50))} / ${ms(percentile(trips, 95))}`,
    'p95 < 500 ms',
  ],
];
const setUp = CLUSTER
  ? `${INSTANCES} server instances, Mosquitto, PostgreSQL and Redis`
  : 'One server instance, embedded broker, SQLite';
console.log(`\n${setUp}, ${seconds.toFixed(0)} s measured, ${os.cpus().length} cores\n`);
console.log('| measure | value | aim |\n|---|---|---|');
for (const [name, value, aim] of table) console.log(`| ${name} | ${value} | ${aim} |`);

socket.disconnect();
await fleet.stop();
await Promise.all(
  servers.map(({ child }) => {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    return exited;
  }),
);
await postgres?.drop();
if (CLUSTER) await removeRedisKeys(`${RUN}:`);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
