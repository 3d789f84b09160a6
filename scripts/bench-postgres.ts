import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { analyze } from '../server/db/dialect';
import type { Database } from '../server/db/types';

// The PostgreSQL fleet of `npm run bench:server -- --postgres`: a database of
// its own on the given server, created for the run and dropped after it, and
// filled in a few statements (INSERT … SELECT over generate_series) rather
// than row by row from the client. With a name to keep (BENCH_KEEP_DATABASE)
// the database of that name is used as it is, created and grown only as far
// as it lacks, and kept after the run, for analysis and repeated runs.

/**
 * Creates a database for the run on the server of `serverUrl` (or reuses the kept one named `keep`);
 * answers its URL and how to drop it after the run (nothing, for a kept one).
 */
export async function benchDatabase(serverUrl: string, keep?: string) {
  const name = keep || `fleet_bench_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const drop = () => admin(`drop database if exists "${name}" with (force)`);
  if (!keep) await drop();
  try {
    await admin(`create database "${name}" template template0 encoding 'UTF8' locale 'C.UTF-8'`);
  } catch (error) {
    // A kept database exists already: it is reused.
    if (!keep || (error as { code?: string }).code !== '42P04') throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: keep ? async () => undefined : drop };
}

/**
 * Grows the seeded database to `companies` companies (level 2, under Globex:
 * the bench user's tenancy unchanged) and `devices` devices: each new device
 * a copy of a seeded one with its own name and serial, every second one in
 * one of the new companies. A database that has them already is left as it is.
 */
export async function growFleet(db: Kysely<Database>, devices: number, companies: number): Promise<void> {
  const count = async (table: 'companies' | 'devices') =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0].n);
  const stamp = new Date().toISOString();
  await sql`insert into companies (name, parent_id, level, payment_type, show_payment, remaining_data, created_at, updated_at)
    select 'Bench company ' || g, 5, 2, 'free', 0, 0, ${stamp}, ${stamp}
    from generate_series(${(await count('companies')) + 1}::int, ${companies}::int) g`.execute(db);
  const { rows } = await sql<{ first: number; last: number }>`
    select min(id) as first, max(id) as last from companies where name like 'Bench company %'`.execute(db);
  const seeded = await count('devices');
  if (seeded >= devices) return;
  const { rows: columns } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = 'devices' and column_name <> 'id'
    order by ordinal_position`.execute(db);
  const made: Record<string, ReturnType<typeof sql>> = {
    name: sql`s.name || ' ' || g`,
    serial: sql`lpad(g::text, 10, '0')`,
  };
  if (rows[0]?.first != null) {
    const { first, last } = rows[0];
    made.company_id = sql`case when g % 2 = 0 then s.company_id else ${first}::int + g % (${last}::int - ${first}::int + 1) end`;
  }
  const names = columns.map((c) => c.name);
  await sql`insert into devices (${sql.join(names.map((n) => sql.ref(n)))})
    select ${sql.join(names.map((n) => made[n] ?? sql.ref(`s.${n}`)))}
    from generate_series(1, ${devices - seeded}::int) g
    join devices s on s.id = (select min(id) from devices) + g % ${seeded}::int`.execute(db);
  await analyze(db);
}
