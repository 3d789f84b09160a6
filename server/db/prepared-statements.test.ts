import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase, newRunId } from '../test/postgres';
import { PAGE_STATEMENT, PREPARED_PER_CONNECTION, PreparingClient, SEARCH_PAGE_STATEMENT } from './prepared-statements';

// The list page statements a PostgreSQL connection keeps prepared, on a real server (both test projects run it:
// the SQLite project's servers never use it, and it needs nothing but the local PostgreSQL).

let name: string;
let client: PreparingClient;

const kept = async () =>
  (await client.query('select statement from pg_prepared_statements order by prepare_time')).rows as {
    statement: string;
  }[];

beforeAll(async () => {
  name = await createDatabase(newRunId());
  client = new PreparingClient({ connectionString: databaseUrl(name) });
  await client.connect();
  await client.query('create table t (id integer primary key, name text)');
  await client.query(`insert into t select g, 'n' || g from generate_series(1, 5) g`);
});

afterAll(async () => {
  await client.end();
  await dropDatabase(name);
});

describe('PreparingClient', () => {
  it('prepares a page statement without parameters once and runs it again by its name', async () => {
    const page = `${PAGE_STATEMENT}select id, name from t where id = any('{1,2}') order by id`;
    for (let i = 0; i < 3; i++) {
      expect((await client.query(page)).rows).toEqual([
        [1, 'n1'],
        [2, 'n2'],
      ]);
    }
    expect((await kept()).map((s) => s.statement)).toEqual([page]);
  });

  it("asks PostgreSQL for a kept statement's row description on its first run only, and reads its rows by it", async () => {
    const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
    let descriptions = 0;
    const count = () => descriptions++;
    connection.on('rowDescription', count);
    try {
      const page = `${PAGE_STATEMENT}select id, name, id * 1.5 as half, now() > '2020-01-01' as recent from t where id = any('{4,5}') order by id`;
      for (let i = 0; i < 3; i++) {
        const result = await client.query(page);
        expect(result.rows).toEqual([
          [4, 'n4', '6.0', true],
          [5, 'n5', '7.5', true],
        ]);
        expect(result.fields.map((field: { name: string }) => field.name)).toEqual(['id', 'name', 'half', 'recent']);
      }
      expect(descriptions).toBe(1);
      // A statement planned on every call is described on every call, as pg does.
      for (let i = 0; i < 2; i++) await client.query(`${PAGE_STATEMENT}select name from t where id = $1`, [1]);
      expect(descriptions).toBe(3);
    } finally {
      connection.off('rowDescription', count);
    }
  });

  it('plans other statements on every call: a page with a filter parameter (rows as arrays), one that is not a page', async () => {
    await client.query('deallocate all');
    const withParameter = await client.query(`${PAGE_STATEMENT}select name from t where id = $1`, [3]);
    expect(withParameter.rows).toEqual([['n3']]);
    expect((await client.query('select count(*)::int as n from t')).rows).toEqual([{ n: 5 }]);
    expect(await kept()).toEqual([]);
  });

  it('keeps a search page with its pattern parameters prepared, one statement for every term', async () => {
    await client.query('deallocate all');
    const search = `${SEARCH_PAGE_STATEMENT}select id from t where name like $1 order by id`;
    expect((await client.query(search, ['%1%'])).rows).toEqual([[1]]);
    expect((await client.query(search, ['n%'])).rows).toHaveLength(5);
    expect((await kept()).map((s) => s.statement)).toEqual([search]);
  });

  it('runs a kept search page whose pattern is a scalar subquery with one generic plan after five planned runs', async () => {
    await client.query('deallocate all');
    const search = `${SEARCH_PAGE_STATEMENT}select id from t where name like (select $1::text) order by id desc limit 2`;
    for (let i = 0; i < 7; i++) expect((await client.query(search, ['n%'])).rows).toEqual([[5], [4]]);
    const plans = await client.query('select generic_plans, custom_plans from pg_prepared_statements');
    expect(plans.rows).toEqual([{ generic_plans: '2', custom_plans: '5' }]);
  });

  it(`keeps at most ${PREPARED_PER_CONNECTION} statements, deallocating the least recently used`, async () => {
    const page = (i: number) => `${PAGE_STATEMENT}select ${i} as i, count(*)::int as n from t`;
    for (let i = 0; i < PREPARED_PER_CONNECTION + 5; i++) await client.query(page(i));
    const statements = (await kept()).map((s) => s.statement);
    expect(statements).toHaveLength(PREPARED_PER_CONNECTION);
    expect(statements).not.toContain(page(0));
    expect(statements).toContain(page(PREPARED_PER_CONNECTION + 4));
    // An evicted statement runs again, prepared anew.
    expect((await client.query(page(0))).rows).toEqual([[0, 5]]);
  });

  it('answers a kept statement whose table changed its columns since (a migration), prepared anew', async () => {
    const page = `${PAGE_STATEMENT}select * from t where id = any('{1}')`;
    expect((await client.query(page)).rows).toEqual([[1, 'n1']]);
    await client.query(`alter table t add column color text default 'red'`);
    expect((await client.query(page)).rows).toEqual([[1, 'n1', 'red']]);
    // Described anew: the rows after are read with the new columns too.
    expect((await client.query(page)).rows).toEqual([[1, 'n1', 'red']]);
  });
});
