// The plans of the device list and the global search on PostgreSQL: EXPLAIN
// (ANALYZE, BUFFERS) of exactly the statements the server compiles (its list
// specs through planList), per caller, with the median time of running each.
// `npx tsx scripts/explain-lists.ts [label part]` over the database the bench
// keeps (BENCH_KEEP_DATABASE=fleet_pg1m npm run bench:server -- --postgres);
// migrates it first. Env: EXPLAIN_DATABASE_URL (postgres://…/fleet_pg1m),
// CALLERS (super, a tenant of 4 companies, a tenant of a 10,000-company
// subtree), SQL=1 prints the statements, VERBOSE=1 whole plans.
import { CompiledQuery } from 'kysely';
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

const filter = process.argv[2] ?? '';
const app = await buildApp({
  dbFile: process.env.EXPLAIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fleet_pg1m',
  devices: 1000,
});
const db = app.ctx.db;
/** The global search's call to each source (shell spec §7), as the bench sends it. */
const SEARCH = {
  q: 'riga',
  limit: '10',
  'search-fields': 'name,email',
  fields: 'id,name,status,email,protocol,enabled,color',
};

async function actorOf(email: string) {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return (await loadActor(
    db,
    user.id,
    { id: 'x', impersonator_id: null, impersonation_until: null, password_confirmed_at: null },
    0,
  ))!;
}

async function run(label: string, q: CompiledQuery) {
  const explain = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain (analyze, buffers) ${q.sql}`, [...q.parameters]),
  );
  const lines = explain.rows.map((r) => r['QUERY PLAN']);
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    await db.executeQuery(q);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const exec = lines.find((l) => l.startsWith('Execution Time'));
  const plan = lines.find((l) => l.startsWith('Planning Time'));
  console.log(`\n### ${label}: ${exec} | ${plan} | wall median ${times[3].toFixed(2)} ms (min ${times[0].toFixed(2)})`);
  if (process.env.SQL) console.log(q.sql.slice(0, 3000), JSON.stringify(q.parameters).slice(0, 300));
  console.log((process.env.VERBOSE ? lines : lines.slice(0, 14)).map((l) => '    ' + l.slice(0, 220)).join('\n'));
}

const callers = (process.env.CALLERS ?? 'super@example.com,admin@example.com,globex.admin@example.com').split(',');
for (const email of callers) {
  const actor = await actorOf(email);
  console.log(`\n======== ${email} companies: ${actor.companyIds === null ? 'all' : actor.companyIds.length}`);
  const device = deviceListSpec(app.ctx, actor);
  const cases: [string, ListSpec, Record<string, string>][] = [
    ['devices default', device, { limit: '10' }],
    ['devices sort name', device, { limit: '10', sort: 'name' }],
    ['devices sort -name', device, { limit: '10', sort: '-name' }],
    ['devices sort status', device, { limit: '10', sort: 'status' }],
    ['devices sort -id', device, { limit: '10', sort: '-id' }],
    ['devices page 100', device, { limit: '10', offset: '1000' }],
    ['devices status=1', device, { limit: '10', status: '1' }],
    ['devices q=riga', device, { limit: '10', q: 'riga' }],
    ['devices q=00001234', device, { limit: '10', q: '00001234' }],
    ['devices q=ab', device, { limit: '10', q: 'ab' }],
    ['search devices', device, SEARCH],
    ['search companies', withCompanySortAliases(companyListSpec(app.ctx, actor)), SEARCH],
    ['search remote-access', accessSpec(app, actor), SEARCH],
    ['search hubs', hubSpec(app, actor), SEARCH],
    ['search tags', tagListSpec(app, actor), SEARCH],
    ['search users', userListSpec(app, actor), SEARCH],
    ['search files', fileSpec(app, actor), SEARCH],
  ];
  for (const [label, spec, query] of cases) {
    if (filter && !label.includes(filter)) continue;
    const plan = planList(spec, query);
    await run(`${label} rows`, plan.rows);
    if (plan.matches) await run(`${label} rows by sorting the matches (up to ${plan.matches.upTo})`, plan.matches.rows);
    await run(`${label} count`, plan.count);
  }
}
await app.close();
