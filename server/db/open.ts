import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './types';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /** The raw connection, for the benchmark's bare SQL timing and bulk seeding. */
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

/** Opens (creating the folder if needed) the SQLite file with WAL and foreign keys on. */
export function openDatabase(file: string): DatabaseHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('cache_size = -65536');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, sqlite, close: () => db.destroy() };
}

/** Removes a database file and its WAL companions. */
export function deleteDatabase(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
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
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
        if (statements.size > max) statements.delete(statements.keys().next().value as string);
      }
      return statement;
    },
  };
}
