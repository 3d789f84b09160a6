import type { Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database } from './db/types';
import type { Realtime } from './realtime/hub';
import type { DataVersion, VersionedCache } from './http/data-version';
import type { Actor } from './auth/actor';

/** What every resource plugin gets: the database, the signing key, the realtime hub. */
export interface AppContext {
  db: Kysely<Database>;
  sqlite: SQLite.Database;
  tokenKey: Buffer;
  realtime: Realtime;
  /** Root of schemas/ for form validation. */
  schemasDir: string;
  now: () => Date;
  /** Moves on every write; read caches are valid for one version. */
  version: DataVersion;
  /** Session callers by access token. */
  actors: VersionedCache<Actor>;
  /** List totals by count statement. */
  counts: VersionedCache<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

export const nowIso = (ctx: Pick<AppContext, 'now'>) => ctx.now().toISOString();
