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
import { PostgresSpelling } from './dialect';

// How the portable queries are spelled for PostgreSQL (compiled only: the statements are not run here).

const compilesOnly: Dialect = {
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => new DummyDriver(),
  createIntrospector: (db) => new PostgresIntrospector(db),
  createQueryCompiler: () => new PostgresQueryCompiler(),
};
const db = new Kysely<Database>({ dialect: compilesOnly, plugins: [new PostgresSpelling()] });

describe('PostgresSpelling', () => {
  it('sends an IN list as one array parameter and LIKE as ILIKE', () => {
    const query = db
      .selectFrom('devices')
      .select('id')
      .where('company_id', 'in', [1, 2, 3])
      .where('status', 'not in', [0])
      .where('name', 'like', '%a%')
      .compile();
    expect(query.sql).toBe(
      'select "id" from "devices" where "company_id" = any($1) and "status" <> all($2) and "name" ilike $3',
    );
    expect(query.parameters).toEqual([[1, 2, 3], [0], '%a%']);
  });
});
