import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
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

// `npm run bench:server`: the reference server over 100,000 devices on
// loopback. p50 and p95 of a device list call and of the 7-source global
// search (autocannon, 50 connections, in a forked client process), beside the bare SQL time of the same
// queries (the compiled statements run on the database, no HTTP), as a ratio, and the server's CPU per
// call against that of the health call (the HTTP floor, measured first in the same run).
// Each scenario's load first runs BENCH_WARMUP_SECONDS (5) unmeasured, so that the figures are a warm
// server's, as a long-running one is.
// Env: BENCH_DEVICES (100000), BENCH_CONNECTIONS (50), BENCH_SECONDS (10),
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
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
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

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function signIn(base: string): Promise<string> {
  const health = await fetch(`${base}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.getSetCookie().join(';'))![1];
  const login = await fetch(`${base}/api/account/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': decodeURIComponent(xsrf),
    },
    body: JSON.stringify({ email: USER, password: 'Demo-Password-1' }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  // Sign-in answers a new XSRF token bound to the session.
  const cookie = (name: string) =>
    login.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))!
      .split(';')[0];
  return `${cookie('XSRF-TOKEN')}; ${cookie('rms_access')}`;
}

/**
 * Runs the paths under load from a forked client process (scripts/bench-load.ts) and answers p50, p95, req/s and
 * the server's CPU time per request (this process serves alone, so it holds on a busy machine where times do not).
 */
async function load(base: string, cookie: string, paths: string[]) {
  const client = fork(path.join(import.meta.dirname, 'bench-load.ts'));
  const job: LoadJob = { base, cookie, paths, connections: CONNECTIONS, seconds: SECONDS, warmup: WARMUP };
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

/** p50/p95 in ms over iterations of running every spec's page and count statements, as the mean per spec. */
async function bareSql(
  app: FastifyInstance,
  specs: ListSpec[],
  query: Record<string, string>,
  iterations = Number(process.env.BENCH_SQL_ITERATIONS ?? 300),
) {
  const statements = specs.flatMap((spec) => {
    const { rows, count } = planList(spec, query);
    return [rows, count];
  });
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    for (const statement of statements) await app.ctx.db.executeQuery(statement);
    // Mean per call: the HTTP figures are per request, each request one source.
    times.push((performance.now() - started) / specs.length);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-bench-'));
const database = DATABASE_URL ? await benchDatabase(DATABASE_URL, process.env.BENCH_KEEP_DATABASE) : null;
console.log(`Seeding ${DEVICES.toLocaleString('en')} devices on ${database ? 'PostgreSQL' : 'SQLite'}...`);
const seedStart = performance.now();
const app = await buildApp({
  dbFile: database?.url ?? path.join(dir, 'bench.db'),
  reset: !database,
  devices: database ? SEEDED : DEVICES,
});
if (database) await growFleet(app.ctx.db, DEVICES, COMPANIES);
console.log(`  seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
try {
  const cookie = await signIn(base);
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
  const scenarios: { name: string; paths: string[]; bare?: { p50: number; p95: number } }[] = [
    // The peer of the CPU figures: the same HTTP stack, hooks and signed-in caller, with no list behind it.
    { name: 'health (HTTP floor)', paths: ['/api/health'] },
    {
      name: 'device list (limit 10)',
      paths: ['/api/devices?limit=10'],
      bare: await bareSql(app, [specs[0]], { limit: '10' }),
    },
    {
      name: `7-source search "${SEARCH.q}"`,
      paths: SOURCES.map((s) => `/api${s}?${searchQuery}`),
      bare: await bareSql(app, specs, SEARCH),
    },
  ];
  console.log(
    `\n${database ? `PostgreSQL, ${COMPANIES.toLocaleString('en')} companies` : 'SQLite'}, ${DEVICES.toLocaleString('en')} devices, ${USER}, ${CONNECTIONS} connections, ${SECONDS} s per scenario after ${WARMUP} s of warm-up, loopback\n`,
  );
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
  let floorCpu = 0;
  for (const s of scenarios) {
    const http = await load(base, cookie, s.paths);
    floorCpu ||= http.cpu;
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
  console.log(
    '\nSQL = the same page and count statements run on the database without HTTP, uncached (mean per source for the search).',
  );
  console.log('The server caches list totals and session callers per data version (any write invalidates them),');
  console.log('so the HTTP figures include cache hits; at 50 connections they are dominated by queueing on 2 cores.');
  console.log('CPU/request = the server process CPU time (user + system) during the run, per response;');
  console.log(
    "CPU / floor = CPU/request against the health call's: what the call costs beyond the HTTP stack, a ratio",
  );
  console.log("that holds between runs where the machine's speed (and every absolute figure) does not.");
  console.log('DB CPU/request = the same for the PostgreSQL processes on this machine (from /proc).');
  console.log(
    'Aims (issue 10), 50 connections on this 2-core machine: device list p95 <= 20 ms at >= 3,000 req/s on SQLite',
  );
  console.log('(100,000 devices) and <= 30 ms on PostgreSQL (1,000,000 devices); search p95 <= 20 ms.');
} finally {
  await app.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
}
