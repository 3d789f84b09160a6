import { describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Dialect,
} from 'kysely';
import type { Database } from './types';
import { DEVICE_SEARCH_COLUMNS, PostgresSpelling, ftsMatch } from './dialect';

// How the portable queries are spelled for PostgreSQL (compiled only: the statements are not run here).

const compilesOnly: Dialect = {
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new DummyDriver(),
  createIntrospector: (db) => new PostgresIntrospector(db),
  createQueryCompiler: () => new PostgresQueryCompiler(),
};
const db = new Kysely<Database>({ dialect: compilesOnly, plugins: [new PostgresSpelling()] });

describe('PostgresSpelling', () => {
  it('writes an IN list of integers as an array literal, other lists as one array parameter, LIKE as ILIKE', () => {
    const query = db
      .selectFrom('devices')
      .select('id')
      .where('company_id', 'in', [1, 2, 3])
      .where('status', 'not in', [0])
      .where('model', 'in', ['RUT955', "x' or '1'='1"])
      .where('id', 'in', [1.5, 2])
      .where('name', 'like', '%a%')
      .compile();
    expect(query.sql).toBe(
      `select "id" from "devices" where "company_id" = any('{1,2,3}') and "status" <> all('{0}') and "model" = any($1) and "id" = any($2) and "name" ilike $3`,
    );
    expect(query.parameters).toEqual([['RUT955', "x' or '1'='1"], [1.5, 2], '%a%']);
  });
});

describe('ftsMatch', () => {
  it('leaves out a column filter that names every indexed column, and doubles quotes in the phrase', () => {
    expect(ftsMatch('ri"ga', [...DEVICE_SEARCH_COLUMNS].reverse())).toBe('"ri""ga"');
    expect(ftsMatch('riga', ['name', 'serial'])).toBe('{name serial}: "riga"');
  });
});
