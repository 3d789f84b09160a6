import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope';
import { parseListParams, planList, runPlan, type ListSpec } from './list-query';
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
});
