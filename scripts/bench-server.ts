import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../server/app';
import { analyze } from '../server/db/dialect';
import { openDatabase } from '../server/db/open';
import type { Database } from '../server/db/types';
import { loadActor } from '../server/auth/actor';
import { buildList, type ListSpec } from '../server/http/list-query';
import { deviceListSpec } from '../server/resources/devices-list';
import { companyListSpec, withCompanySortAliases } from '../server/resources/companies-list';
import { accessSpec } from '../server/resources/remote-access';
import { hubSpec } from '../server/resources/vpn-hubs';
import { tagListSpec } from '../server/resources/tags';
import { userListSpec } from '../server/resources/users';
import { fileSpec } from '../server/resources/files';
import type { LoadJob, LoadResult } from './bench-load';

// `npm run bench:server`: the reference server over 100,000 devices on
// loopback. p50 and p95 of a device list call and of the 7-source global
// search (autocannon, 50 connections, in a forked client process), beside the bare SQL time of the same
// queries (the compiled statements run on the database, no HTTP), as a ratio.
// Env: BENCH_DEVICES (100000), BENCH_CONNECTIONS (50), BENCH_SECONDS (10),
// BENCH_USER (admin@example.com: a tenant of four companies).
// BENCH_DATABASE_URL=postgres://… runs it on that PostgreSQL database instead
// (emptied and seeded first, unless it holds that fleet already) with
// 1,000,000 devices and BENCH_COMPANIES (10000) companies.

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const DEVICES = Number(process.env.BENCH_DEVICES ?? (DATABASE_URL ? 1_000_000 : 100_000));
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? (DATABASE_URL ? 10_000 : 0));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
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

/** Runs the paths under load from a forked client process (scripts/bench-load.ts) and answers p50, p95 and req/s. */
async function load(base: string, cookie: string, paths: string[]) {
  const client = fork(path.join(import.meta.dirname, 'bench-load.ts'));
  const job: LoadJob = { base, cookie, paths, connections: CONNECTIONS, seconds: SECONDS };
  client.send(job);
  const [result] = (await once(client, 'message')) as [LoadResult];
  const times = result.times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rps: result.rps, errors: result.errors };
}

/** p50/p95 in ms over iterations of running every spec's page and count statements, as the mean per spec. */
async function bareSql(app: FastifyInstance, specs: ListSpec[], query: Record<string, string>, iterations = 300) {
  const statements = specs.flatMap((spec) => {
    const { rowsQuery, countQuery } = buildList(spec, query);
    return [rowsQuery.compile(), countQuery.compile()];
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

/** Fills the company table up to `total` with level-2 companies under Globex (the bench user's tenancy unchanged). */
async function addCompanies(db: Kysely<Database>, total: number) {
  const { n } = await db
    .selectFrom('companies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const stamp = new Date().toISOString();
  for (let i = Number(n); i < total; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, total - i) }, (_, k) => ({
      name: `Bench company ${i + k + 1}`,
      parent_id: 5,
      level: 2,
      payment_type: 'free',
      show_payment: 0,
      remaining_data: 0,
      created_at: stamp,
      updated_at: stamp,
    }));
    await db.insertInto('companies').values(batch).execute();
  }
  await analyze(db);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rms-bench-'));
/** Whether the PostgreSQL database already holds the fleet asked for (a rerun skips the minutes of seeding). */
async function holdsFleet(url: string): Promise<boolean> {
  const { db, close } = openDatabase(url);
  try {
    const count = (table: 'devices' | 'companies') =>
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    return (await count('devices')) === DEVICES && (await count('companies')) === COMPANIES;
  } catch {
    return false;
  } finally {
    await close();
  }
}

const target = DATABASE_URL ?? path.join(dir, 'bench.db');
const reuse = DATABASE_URL ? await holdsFleet(DATABASE_URL) : false;
console.log(
  `${reuse ? 'Reusing' : 'Seeding'} ${DEVICES.toLocaleString('en')} devices on ${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}...`,
);
const seedStart = performance.now();
const app = await buildApp({ dbFile: target, reset: !reuse, devices: DEVICES });
await addCompanies(app.ctx.db, COMPANIES);
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
  const scenarios = [
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
    `\n${DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${DEVICES.toLocaleString('en')} devices, ${USER}, ${CONNECTIONS} connections, ${SECONDS} s per scenario, loopback\n`,
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
    'non-200',
  ];
  const lines = [header];
  for (const s of scenarios) {
    const http = await load(base, cookie, s.paths);
    lines.push([
      s.name,
      `${http.p50.toFixed(2)} ms`,
      `${http.p95.toFixed(2)} ms`,
      http.rps.toFixed(0),
      `${s.bare.p50.toFixed(3)} ms`,
      `${s.bare.p95.toFixed(3)} ms`,
      `${(http.p50 / s.bare.p50).toFixed(1)}x`,
      `${(http.p95 / s.bare.p95).toFixed(1)}x`,
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
  console.log('Aim: HTTP p95 under 20 ms at 50 connections on this 2-core machine.');
} finally {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
