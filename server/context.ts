import type { Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database } from './db/types';
import type { Realtime } from './realtime/hub';

/** What every resource plugin gets: the database, the signing key, the realtime hub. */
export interface AppContext {
  db: Kysely<Database>;
  sqlite: SQLite.Database;
  tokenKey: Buffer;
  realtime: Realtime;
  /** Root of schemas/ for form validation. */
  schemasDir: string;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export const nowIso = (ctx: Pick<AppContext, 'now'>) => ctx.now().toISOString();
