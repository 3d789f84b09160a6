import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { useServer } from './harness';

// The device list's total is the number of the caller's devices the filters
// select, after any write: on PostgreSQL it is summed from the counts the
// triggers keep per company and status (migration 131), so each kind of
// write (insert, update of status or company, delete, several rows at once)
// is checked against a count of the rows themselves.

const { server, admin, superUser } = useServer({ admin: 'admin@example.com', superUser: 'super@example.com' });

const QUERIES = ['', 'status=1', 'status=0,2', 'ne:status=1', 'company_id=2', 'company_id=2,3&ne:status=0', 'model=x'];

/** Each query's total as the list answers it and as a count of the devices, for both callers. */
async function totals() {
  const db = server.app.ctx.db;
  const answered: number[] = [];
  const counted: number[] = [];
  for (const [client, companies] of [
    [superUser, null],
    [admin, [1, 2, 3, 4]],
  ] as const) {
    for (const query of QUERIES) {
      const reply = await client.get(`/api/devices?limit=1&fields=id&${query}`);
      expect(reply.status).toBe(200);
      answered.push((reply.body.meta as { total: number }).total);
      const params = new URLSearchParams(query);
      const list = (name: string) => params.get(name)?.split(',');
      let count = db.selectFrom('devices').select(sql<number>`count(*)`.as('n'));
      if (companies) count = count.where('company_id', 'in', companies);
      if (list('status')) count = count.where('status', 'in', list('status')!.map(Number));
      if (list('ne:status')) count = count.where('status', 'not in', list('ne:status')!.map(Number));
      if (list('company_id')) count = count.where('company_id', 'in', list('company_id')!.map(Number));
      if (list('model')) count = count.where('model', 'in', list('model')!);
      counted.push(Number((await count.executeTakeFirstOrThrow()).n));
    }
  }
  return { answered, counted };
}

/** Runs a write on the database directly, as a background job would, and lets the read caches know. */
async function write(statement: ReturnType<typeof sql>) {
  await statement.execute(server.app.ctx.db);
  server.app.ctx.version.bump();
}

describe('device list totals', () => {
  it('count the devices the filters select, after every kind of write', async () => {
    const check = async () => {
      const { answered, counted } = await totals();
      expect(answered).toEqual(counted);
    };
    await check();
    const [{ id }] = (await sql<{ id: number }>`select min(id) as id from devices`.execute(server.app.ctx.db)).rows;
    await write(sql`insert into devices (company_id, name, model, original_model, family, serial, mac, firmware, status,
      created_at, updated_at)
      with recursive g(n) as (select 1 union all select n + 1 from g where n < 25)
      select 2 + n % 3, 'Totals ' || n, 'RUTX11', 'RUTX11', 'RUTX', 'T' || n, '00:00:00:00:00:00', '1', n % 4, 'x', 'x'
      from g`);
    await check();
    await write(sql`update devices set status = (status + 1) % 4 where id % 3 = 0`);
    await check();
    await write(sql`update devices set company_id = case when company_id = 2 then 3 else 2 end
      where id % 5 = 0 and company_id in (2, 3)`);
    await check();
    await write(sql`update devices set name = name || '.' where id = ${id}`);
    await check();
    await write(sql`delete from devices where name like 'Totals %' and status = 1`);
    await check();
    await write(sql`update devices set status = 3, company_id = 5 where id = ${id}`);
    await check();
  });
});
