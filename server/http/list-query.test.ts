import { describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { ApiError } from './envelope';
import { DataVersion, VersionedCache } from './data-version';
import { NO_VALUE, parseListParams, planList, rowObjects, runList, runPlan, type ListSpec } from './list-query';
import { openDatabase } from '../db/open';

const spec = {
  from: () => {
    throw new Error('not used');
  },
  idColumn: 't.id',
  fields: { id: 't.id', name: 't.name', email: 't.email' },
  search: ['name'],
  defaultSort: '-id',
} as unknown as ListSpec;

describe('parseListParams', () => {
  it('defaults: limit 10, offset 0, the default sort', () => {
    expect(parseListParams({}, spec)).toMatchObject({ limit: 10, offset: 0, sort: [['id', 'desc']] });
  });

  it('reads comma lists, descending sort, known fields only and search-fields', () => {
    const p = parseListParams(
      { sort: 'name,-id', fields: 'id,secret,name', id: '3,4', q: ' x ', 'search-fields': 'name,email' },
      spec,
    );
    expect(p).toMatchObject({
      sort: [
        ['name', 'asc'],
        ['id', 'desc'],
      ],
      fields: ['id', 'name'],
      ids: [3, 4],
      q: 'x',
      searchFields: ['name', 'email'],
    });
  });

  it('refuses unknown sort fields and malformed numbers with a 422 on the parameter', () => {
    for (const [query, source] of [
      [{ sort: 'password' }, 'sort'],
      [{ limit: '-1' }, 'limit'],
      [{ offset: 'x' }, 'offset'],
      [{ id: '1,a' }, 'id'],
    ] as const) {
      try {
        parseListParams(query, spec);
        expect.fail('should throw');
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).errors[0].source).toBe(source);
      }
    }
  });

  it('caps the limit', () => {
    expect(parseListParams({ limit: '999999' }, spec).limit).toBe(1000);
  });
});

describe('planList and runPlan', () => {
  it('answers the page as rows of column values with JSON fields parsed, its bounds written into the statement', async () => {
    const { db, close } = openDatabase(':memory:');
    try {
      await sql`create table t (id integer primary key, name text, tags text)`.execute(db);
      await sql`insert into t (id, name, tags) values (1, 'a', '["x"]'), (2, 'b', null), (3, 'c', '[]')`.execute(db);
      const list: ListSpec = {
        ...spec,
        from: () => db.selectFrom(sql<never>`t`.as('t')),
        fields: { id: 't.id', name: 't.name', tags: 't.tags' },
      };
      const plan = planList({ ...list, json: ['tags'] }, { limit: '2', offset: '1' });
      // A bound LIMIT or OFFSET is read by SQLite's planner: rebinding it would prepare the statement on every run.
      expect(plan.rows.sql).toMatch(/limit 2 offset 1$/);
      expect(plan.rows.parameters).toEqual([]);
      expect(plan.columns).toEqual(['id', 'name', 'tags']);
      expect(await runPlan(db, plan)).toEqual({
        rows: [
          [2, 'b', []],
          [1, 'a', ['x']],
        ],
        total: 3,
      });
    } finally {
      await close();
    }
  });

  it('selects no column for a field no column holds, answering it as null in its place', async () => {
    const { db, close } = openDatabase(':memory:');
    try {
      await sql`create table t (id integer primary key, name text)`.execute(db);
      await sql`insert into t (id, name) values (1, 'a')`.execute(db);
      const list: ListSpec = {
        ...spec,
        from: () => db.selectFrom(sql<never>`t`.as('t')),
        fields: { id: 't.id', wlan_mac: NO_VALUE, name: 't.name' },
      };
      const plan = planList(list, {});
      expect(plan.fields).toEqual(['id', 'wlan_mac', 'name']);
      expect(plan.columns).toEqual(['id', 'name']);
      expect(plan.rows.sql).not.toContain('cast(null');
      expect(rowObjects(plan, (await runPlan(db, plan)).rows)).toEqual([{ id: 1, wlan_mac: null, name: 'a' }]);
      expect(Object.keys((await runList(list, {})).data[0])).toEqual(['id', 'wlan_mac', 'name']);
      // Asked for alone, the statement still selects a column.
      const alone = planList(list, { fields: 'wlan_mac' });
      expect(rowObjects(alone, (await runPlan(db, alone)).rows)).toEqual([{ wlan_mac: null }]);
    } finally {
      await close();
    }
  });

  it('hides the pattern from the planner in the index-order page of a search that sorts its matches', async () => {
    const { db, close } = openDatabase(':memory:');
    try {
      await sql`create table t (id integer primary key, name text)`.execute(db);
      await sql`insert into t (id, name) values (1, 'riga 1'), (2, 'vilnius'), (3, 'riga 3')`.execute(db);
      const list: ListSpec = { ...spec, from: () => db.selectFrom(sql<never>`t`.as('t')), sortMatchesUpTo: 1 };
      const plan = planList(list, { q: 'riga', fields: 'id' });
      expect(plan.rows.sql).toContain(`"t"."name" like (select ?) escape`);
      expect(plan.matches!.rows.sql).toContain(`"t"."name" like ? escape`);
      // Two matches: more than sortMatchesUpTo, so the index-order page answers them.
      expect(await runPlan(db, plan)).toEqual({ rows: [[3], [1]], total: 2 });
      expect(planList({ ...list, sortMatchesUpTo: undefined }, { q: 'riga' }).rows.sql).not.toContain('(select ?)');
    } finally {
      await close();
    }
  });
});

describe('list totals', () => {
  it('are counted once per data version by the calls that want them together, and again after a failure', async () => {
    const counted: string[] = [];
    const db = new Kysely<{ t: { id: number; name: string } }>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
      log: (event) => {
        if (event.query.sql.includes('count(*)')) counted.push(event.level);
      },
    });
    await sql`create table t (id integer primary key, name text)`.execute(db);
    await sql`insert into t (name) values ('a'), ('b'), ('c')`.execute(db);
    const table = {
      ...spec,
      from: () => db.selectFrom('t'),
      fields: { id: 't.id', name: 't.name' },
      filters: { name: 't.name', missing: 't.missing' },
    };
    const version = new DataVersion();
    const cache = new VersionedCache<Promise<number>>(version);
    const totals = () => Promise.all([1, 2, 3, 4, 5].map(() => runList(table, {}, cache).then((r) => r.total)));
    expect(await totals()).toEqual([3, 3, 3, 3, 3]);
    expect(counted).toEqual(['query']);
    await sql`insert into t (name) values ('d')`.execute(db);
    version.bump();
    expect(await totals()).toEqual([4, 4, 4, 4, 4]);
    expect(counted).toEqual(['query', 'query']);
    for (let i = 0; i < 2; i++) await expect(runList(table, { missing: 'x' }, cache)).rejects.toThrow(/no such column/);
    expect(counted).toEqual(['query', 'query', 'error', 'error']);
    await db.destroy();
  });
});
