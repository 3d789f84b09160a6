import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { Database } from './types';
import { PostgresSpelling } from './dialect';
import { isPageStatement, PreparingClient } from './prepared-statements';

// The database behind the server: an embedded SQLite file (the default,
// DB_FILE) or PostgreSQL when the target is a postgres:// URL (DATABASE_URL).

export interface DatabaseHandle {
  db: Kysely<Database>;
  close(): Promise<void>;
}

/** Whether a database target names a PostgreSQL server rather than an SQLite file. */
export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target);

/** The database the environment names: DATABASE_URL (postgres://…), else the SQLite file DB_FILE (data/console.db). */
export function databaseTarget(env: Record<string, string | undefined>): string {
  const url = env.DATABASE_URL?.trim();
  if (!url) return env.DB_FILE || 'data/console.db';
  if (!isPostgresUrl(url)) throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  return url;
}

/** Opens the SQLite file (creating its folder) or connects a pool to the PostgreSQL URL. */
export function openDatabase(target: string, options: { poolSize?: number } = {}): DatabaseHandle {
  const db = isPostgresUrl(target)
    ? new Kysely<Database>({ dialect: postgresDialect(target, options.poolSize), plugins: [new PostgresSpelling()] })
    : new Kysely<Database>({ dialect: sqliteDialect(target) });
  return { db, close: () => db.destroy() };
}

/** Empties the database: removes an SQLite file and its WAL companions, or drops every table of the schema. */
export async function resetDatabase(target: string): Promise<void> {
  if (!isPostgresUrl(target)) {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(target + suffix, { force: true });
    return;
  }
  const { db, close } = openDatabase(target, { poolSize: 1 });
  try {
    await sql`drop schema if exists public cascade`.execute(db);
    await sql`create schema public`.execute(db);
  } finally {
    await close();
  }
}

// count(*) and sum() answer int8 and numeric: numbers, as SQLite gives them
// (the values stay far below 2^53). JSON the queries build stays text, as
// SQLite's json functions return it, and the code parses it where it is read.
const INT8 = 20;
const NUMERIC = 1700;
const JSON_TYPES = new Set([114, 3802]);
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    if (JSON_TYPES.has(oid)) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
};

function postgresDialect(url: string, poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 10)) {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types, Client: PreparingClient } as pg.PoolConfig);
  // An idle connection that breaks (server restart) is replaced on next use; it must not end the process.
  pool.on('error', () => undefined);
  return new PostgresDialect({ pool });
}

function sqliteDialect(file: string) {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -65536');
  return new SqliteDialect({ database: withStatementCache(sqlite) });
}

/**
 * Kysely prepares every query anew; the same SQL text (lists differ only in
 * parameters) reuses its prepared statement instead. Statements are run
 * synchronously to completion, so sharing one is safe.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        // A list page answers its rows as arrays of the column values (better-sqlite3's raw mode: no object per row).
        if (isPageStatement(text)) statement.raw(true);
        statements.set(text, statement);
        if (statements.size > max) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}
