import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../server/app';
import { loadActor } from '../server/auth/actor';
import { planList, type ListSpec } from '../server/http/list-query';
import { deviceListSpec } from '../server/resources/devices-list';
import { companyListSpec, withCompanySortAliases } from '../server/resources/companies-list';
import { accessSpec } from '../server/resources/remote-access';
import { hubSpec } from '../server/resources/vpn-hubs';
import { tagListSpec } from '../server/resources/tags';
import { userListSpec } from '../server/resources/users';
import { fileSpec } from '../server/resources/files';
import type { LoadJob, LoadResult } from './bench-load';
import { benchDatabase, growFleet } from './bench-postgres';
import { percentile, signIn as signInAs } from './bench-http';

// `npm run bench:server`: the reference server over 100,000 devices on
// loopback, as `npm run serve` serves it (request logging at info, one line
// per request, here to a file). p50 and p95 of device list calls (10 and 100
// rows, sorted on a non-indexed field, filtered by status and by tag, and
// uncached: every call after a write, so no session caller or list total
// comes from cache), the device page's detail call, and the global search a
// user waits for (all 7 sources at once, each connection's 7 requests in
// parallel, timed to the slowest), (autocannon, 50 connections, in a forked client process), beside the bare SQL time of the same
// queries (the compiled statements run on the database, no HTTP), as a ratio, and the server's CPU per
// call against that of the health call (the HTTP floor, measured first in the same run); then the device
// list with logging off, for the logging's share of a list call's CPU; last, the memory of the server as
// `npm run serve` serves the same database (dist-server/main.js, after `npm run build`) in its own process.
// Each scenario's load first runs BENCH_WARMUP_SECONDS (5) unmeasured, so that the figures are a warm
// server's, as a long-running one is.
// Env: BENCH_DEVICES (100000), BENCH_CONNECTIONS (50, or a comma list: each scenario at each), BENCH_SECONDS (10),
// BENCH_LOG_LEVEL (info, as served),
// BENCH_USER (admin@example.com: a tenant of four companies), BENCH_SQL_ITERATIONS (300: runs of the bare SQL).
// `--postgres`, or a PostgreSQL server in BENCH_DATABASE_URL or DATABASE_URL
// (postgres://…; default with the flag: the local one), runs it on PostgreSQL
// instead, with 1,000,000 devices and BENCH_COMPANIES (10000) companies, in a
// database the bench creates and drops (scripts/bench-postgres.ts);
// BENCH_KEEP_DATABASE=fleet_pg1m instead uses (creating and growing it when
// missing) and keeps that database, for EXPLAIN and repeated runs.

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  (process.argv.includes('--postgres') ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);
/** Devices seeded the ordinary way on PostgreSQL, the pattern the rest of the fleet copies. */
const SEEDED = 1000;
const DEVICES = Number(process.env.BENCH_DEVICES ?? (DATABASE_URL ? 1_000_000 : 100_000));
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
const CONNECTION_COUNTS = (process.env.BENCH_CONNECTIONS ?? '50').split(',').map(Number);
const LOG_LEVEL = (process.env.BENCH_LOG_LEVEL ?? 'info') as 'info' | 'silent';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const USER = process.env.BENCH_USER ?? 'admin@example.com';
const SEARCH = {
  q: 'riga',
  limit: '10',
  'search-fields': 'name,email',
  fields: 'id,name,status,email,protocol,enabled,color',
};
const SOURCES = ['/devices', '/companies', '/devices/remote-access', '/vpn/hubs', '/tags', '/users', '/files'];

/**
 * Runs the paths under load from a forked client process (scripts/bench-load.ts) and answers p50, p95, req/s and
 * the server's CPU time per request (this process serves alone, so it holds on a busy machine where times do not).
 */
async function load(base: string, cookie: string, paths: string[], connections: number, group = false) {
  const client = fork(path.join(import.meta.dirname, 'bench-load.ts'));
  const job: LoadJob = { base, cookie, paths, connections, seconds: SECONDS, warmup: WARMUP, group };
  client.send(job);
  await once(client, 'message'); // warmed up: the measured load starts
  const cpu = process.cpuUsage();
  const databaseCpu = postgresCpu();
  const [result] = (await once(client, 'message')) as [LoadResult];
  const used = process.cpuUsage(cpu);
  const databaseUsed = cpuSince(databaseCpu, postgresCpu());
  const times = result.times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    rps: result.rps,
    requests: times.length,
    errors: result.errors,
    cpu: (used.user + used.system) / times.length,
    databaseCpu: database ? databaseUsed / times.length : undefined,
  };
}

/**
 * The CPU time (µs, user + system) each of the PostgreSQL server's processes on this machine has used so far, by
 * pid, from /proc: the database's share of a request, which holds on a busy machine where times do not. Empty
 * elsewhere.
 */
function postgresCpu(): Map<string, number> {
  const used = new Map<string, number>();
  for (const pid of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the command), in clock ticks of 10 ms.
    used.set(pid, (Number(fields[11]) + Number(fields[12])) * 10_000);
  }
  return used;
}

/**
 * The CPU time the processes used between two readings: a process started meanwhile counts whole, one that ended
 * meanwhile (an idle pool connection closed) is left out rather than subtracted.
 */
const cpuSince = (before: Map<string, number>, after: Map<string, number>) =>
  [...after].reduce((sum, [pid, used]) => sum + used - (before.get(pid) ?? 0), 0);

/**
 * p50/p95 in ms over iterations of running every spec's page and count statements: the mean per spec, or (`sum`)
 * all of them, as a whole search.
 */
async function bareSql(
  app: FastifyInstance,
  specs: ListSpec[],
  query: Record<string, string>,
  iterations = Number(process.env.BENCH_SQL_ITERATIONS ?? 300),
  per: 'spec' | 'sum' = 'spec',
) {
  const statements = specs.flatMap((spec) => {
    const { rows, count } = planList(spec, query);
    return [rows, count];
  });
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    for (const statement of statements) await app.ctx.db.executeQuery(statement);
    // Mean per call where the HTTP figures are per request, each request one source; the sum for a whole search.
    times.push((performance.now() - started) / (per === 'sum' ? 1 : specs.length));
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** A process's resident memory now and at most (VmRSS, VmHWM), in MB, from /proc. */
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024;
  return { rss: mb('VmRSS'), peak: mb('VmHWM') };
}

const SERVED = path.join(import.meta.dirname, '../dist-server/main.js');

/**
 * The memory of the server as `npm run serve` serves the bench's database in a process of its own (the bench's
 * process seeded it, which a served one never does): its RSS after start and at most under each scenario's load.
 */
async function servedMemory(
  env: Record<string, string>,
  scenarios: { name: string; paths: string[]; group?: boolean }[],
) {
  const server = spawn(process.execPath, ['--enable-source-maps', SERVED], {
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', MQTT_PORT: '0', LOG_LEVEL, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let printed = '';
    const base = await new Promise<string>((resolve, reject) => {
      server.once('exit', (code) => reject(new Error(`the served server ended (${code}): ${printed.slice(-500)}`)));
      server.stdout.on('data', (chunk: Buffer) => {
        printed += chunk.toString();
        const port = /Console and API on http:\/\/[^:]+:(\d+)/.exec(printed)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
        if (printed.length > 100_000) printed = printed.slice(-10_000); // request log lines, not kept
      });
    });
    const started = memoryOf(server.pid!);
    const cookie = await signInAs(base, USER);
    const rows: string[] = [];
    for (const s of scenarios) {
      const http = await load(base, cookie, s.paths, CONNECTION_COUNTS[0], s.group);
      const { rss, peak } = memoryOf(server.pid!);
      rows.push(`  ${s.name}: ${http.rps.toFixed(0)} req/s, RSS ${rss.toFixed(0)} MB, at most ${peak.toFixed(0)} MB`);
    }
    return { started, rows, peak: memoryOf(server.pid!).peak };
  } finally {
    server.kill();
    await once(server, 'exit').catch(() => undefined);
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-bench-'));
const database = DATABASE_URL ? await benchDatabase(DATABASE_URL, process.env.BENCH_KEEP_DATABASE) : null;
console.log(`Seeding ${DEVICES.toLocaleString('en')} devices on ${database ? 'PostgreSQL' : 'SQLite'}...`);
const seedStart = performance.now();
const logFile = path.join(dir, 'server.log');
const app = await buildApp({
  dbFile: database?.url ?? path.join(dir, 'bench.db'),
  reset: !database,
  devices: database ? SEEDED : DEVICES,
  logLevel: LOG_LEVEL,
  logStream: pino.destination({ dest: logFile, sync: false }),
});
if (database) await growFleet(app.ctx.db, DEVICES, COMPANIES);
console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
// The uncached scenario: every call after a write (a data version bump), as on a fleet that is being changed.
let everyCallAfterAWrite = false;
app.addHook('onRequest', async () => {
  if (everyCallAfterAWrite) app.ctx.version.bump();
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
try {
  const cookie = await signInAs(base, USER);
  const user = await app.ctx.db.selectFrom('users').select('id').where('email', '=', USER).executeTakeFirstOrThrow();
  const actor = (await loadActor(
    app.ctx.db,
    user.id,
    { id: 'bench', impersonator_id: null, impersonation_until: null, password_confirmed_at: null },
    0,
  ))!;
  const searchQuery = new URLSearchParams(SEARCH).toString();
  const specs = [
    deviceListSpec(app.ctx, actor),
    withCompanySortAliases(companyListSpec(app.ctx, actor)),
    accessSpec(app, actor),
    hubSpec(app, actor),
    tagListSpec(app, actor),
    userListSpec(app, actor),
    fileSpec(app, actor),
  ];
  const { id: tagId } = await app.ctx.db
    .selectFrom('device_tags')
    .innerJoin('devices', 'devices.id', 'device_tags.device_id')
    .select('device_tags.tag_id as id')
    .where('devices.company_id', 'in', [...(actor.companyIds ?? [actor.company.id])])
    .executeTakeFirstOrThrow();
  const { id: deviceId } = await app.ctx.db
    .selectFrom('devices')
    .select('id')
    .where('company_id', 'in', [...(actor.companyIds ?? [actor.company.id])])
    .executeTakeFirstOrThrow();
  interface Scenario {
    name: string;
    paths: string[];
    bare?: { p50: number; p95: number };
    group?: boolean;
    uncached?: boolean;
    silent?: boolean;
  }
  const list = (query: Record<string, string>) => `/api/devices?${new URLSearchParams(query)}`;
  const scenarios: Scenario[] = [
    // The peer of the CPU figures: the same HTTP stack, hooks and signed-in caller, with no list behind it.
    { name: 'health (HTTP floor)', paths: ['/api/health'] },
    {
      name: 'device list, 10 rows',
      paths: [list({ limit: '10' })],
      bare: await bareSql(app, [specs[0]], { limit: '10' }),
    },
    {
      name: 'device list, 10 rows, uncached',
      paths: [list({ limit: '10' })],
      bare: await bareSql(app, [specs[0]], { limit: '10' }),
      uncached: true,
    },
    {
      name: 'device list, 100 rows by model',
      paths: [list({ limit: '100', sort: 'model' })],
      bare: await bareSql(app, [specs[0]], { limit: '100', sort: 'model' }),
    },
    {
      name: 'device list, status 1',
      paths: [list({ limit: '10', status: '1' })],
      bare: await bareSql(app, [specs[0]], { limit: '10', status: '1' }),
    },
    {
      name: `device list, tag ${tagId}`,
      paths: [list({ limit: '10', tag_id: String(tagId) })],
      bare: await bareSql(app, [specs[0]], { limit: '10', tag_id: String(tagId) }),
    },
    { name: `device page (GET /devices/${deviceId})`, paths: [`/api/devices/${deviceId}`] },
    {
      name: `search "${SEARCH.q}", 7 sources (per search)`,
      paths: SOURCES.map((s) => `/api${s}?${searchQuery}`),
      bare: await bareSql(app, specs, SEARCH, undefined, 'sum'),
      group: true,
    },
    { name: 'device list, 10 rows, logging off', paths: [list({ limit: '10' })], silent: true },
  ];
  const header = [
    'scenario',
    'HTTP p50',
    'HTTP p95',
    'req/s',
    'SQL p50',
    'SQL p95',
    'p50 ratio',
    'p95 ratio',
    'CPU/request',
    'CPU / floor',
    'DB CPU/request',
    'non-200',
  ];
  const lines = [header];
  const logBytesBefore = fs.statSync(logFile).size;
  let logged = 0;
  let loggedCpu = 0;
  let silentCpu = 0;
  for (const connections of CONNECTION_COUNTS) {
    console.log(
      `\n${database ? `PostgreSQL, ${COMPANIES.toLocaleString('en')} companies` : 'SQLite'}, ${DEVICES.toLocaleString('en')} devices, ${USER}, ${connections} connections, ${SECONDS} s per scenario after ${WARMUP} s of warm-up, logging ${LOG_LEVEL}, loopback\n`,
    );
    lines.splice(1);
    let floorCpu = 0;
    for (const s of scenarios) {
      everyCallAfterAWrite = s.uncached === true;
      app.log.level = s.silent ? 'silent' : LOG_LEVEL;
      const http = await load(base, cookie, s.paths, connections, s.group);
      everyCallAfterAWrite = false;
      app.log.level = LOG_LEVEL;
      floorCpu ||= http.cpu;
      if (s.name === 'device list, 10 rows') loggedCpu = http.cpu;
      if (s.silent) silentCpu = http.cpu;
      if (!s.silent) logged += http.requests * (s.group ? s.paths.length : 1);
      const { bare } = s;
      lines.push([
        s.name,
        `${http.p50.toFixed(2)} ms`,
        `${http.p95.toFixed(2)} ms`,
        http.rps.toFixed(0),
        bare ? `${bare.p50.toFixed(3)} ms` : '-',
        bare ? `${bare.p95.toFixed(3)} ms` : '-',
        bare ? `${(http.p50 / bare.p50).toFixed(1)}x` : '-',
        bare ? `${(http.p95 / bare.p95).toFixed(1)}x` : '-',
        `${http.cpu.toFixed(0)} us`,
        `${(http.cpu / floorCpu).toFixed(2)}x`,
        http.databaseCpu === undefined ? '-' : `${http.databaseCpu.toFixed(0)} us`,
        String(http.errors),
      ]);
    }
    const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
    for (const line of lines) console.log(line.map((cell, i) => cell.padEnd(widths[i])).join('  '));
  }
  await new Promise((resolve) => setTimeout(resolve, 500)); // the asynchronous log destination catches up
  const logBytes = fs.statSync(logFile).size - logBytesBefore;
  const memory = process.resourceUsage();
  console.log(
    `\nRequest logging (${LOG_LEVEL}): ${(logBytes / Math.max(1, logged)).toFixed(0)} bytes per request; a 10-row list call's CPU ${loggedCpu.toFixed(0)} us logged, ${silentCpu.toFixed(0)} us not: logging is ${((100 * (loggedCpu - silentCpu)) / loggedCpu).toFixed(1)}% of it (aim: at most 10%).`,
  );
  console.log(
    `Bench process memory: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB RSS now, ${(memory.maxRSS / 1024).toFixed(0)} MB at most (seeding included).`,
  );
  if (!fs.existsSync(SERVED)) console.log('Served memory: not measured (dist-server/main.js missing: npm run build).');
  else {
    const served = await servedMemory(
      database ? { DATABASE_URL: database.url } : { DB_FILE: path.join(dir, 'bench.db') },
      scenarios.filter((s) => !s.uncached && !s.silent && !s.name.startsWith('health')),
    );
    console.log(
      `\nServed memory (dist-server/main.js in its own process, ${DEVICES.toLocaleString('en')} devices, no seeding): RSS ${served.started.rss.toFixed(0)} MB after start, at most ${served.peak.toFixed(0)} MB under load (aim: at most 250 MB serving 100,000 devices):`,
    );
    for (const row of served.rows) console.log(row);
  }
  console.log(
    '\nSQL = the same page and count statements run on the database without HTTP, uncached (for the search: all 7 sources, one after another).',
  );
  console.log('The server caches list totals and session callers per data version (any write invalidates them): the');
  console.log('uncached row bumps the version before every call, like the bare SQL; at 50 connections the times are');
  console.log('dominated by queueing on 2 cores. A search row is one user search: its 7 requests sent at once, timed');
  console.log('to the slowest; its CPU is per search.');
  console.log('CPU/request = the server process CPU time (user + system) during the run, per response;');
  console.log(
    "CPU / floor = CPU/request against the health call's: what the call costs beyond the HTTP stack, a ratio",
  );
  console.log("that holds between runs where the machine's speed (and every absolute figure) does not.");
  console.log('DB CPU/request = the same for the PostgreSQL processes on this machine (from /proc).');
  console.log(
    'Aims (issue 31), server CPU per request against the floor: device list 10 rows at most 3x, 100 rows sorted at most 6x;',
  );
  console.log(
    'PostgreSQL 1,000,000 devices at 50 connections: list and whole-search p95 at most 20 ms, >= 5,000 list calls/s.',
  );
} finally {
  await app.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
