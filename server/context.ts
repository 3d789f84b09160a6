import type { Kysely } from 'kysely';
import type { Database } from './db/types';
import type { Realtime } from './realtime/hub';
import type { DataVersion, VersionedCache } from './http/data-version';
import type { Actor } from './auth/actor';
import type { DocumentStore } from './documents/store';
import type { RouteRegistry } from './http/routes';
import type { ScryptCost } from './auth/password';
import type { SharedRedis } from './cluster/redis';
import type { JobQueue } from './jobs/queue';
import type { DeviceGateway } from './devices/gateway';
import type { RelayRegistry } from './remote/registry';

/** What every resource plugin gets: the database, the signing key, the realtime hub, Redis when shared. */
export interface AppContext {
  db: Kysely<Database>;
  tokenKey: Buffer;
  realtime: Realtime;
  /** The connections RMS Connect relays (server/remote), closed at once when their session ends. */
  remote: RelayRegistry;
  /** Present when REDIS_URL is set: state shared by several instances. */
  redis?: SharedRedis;
  /** The device gateway (MQTT), once started; absent in servers built without one (most API tests). */
  devices?: DeviceGateway;
  /** Bulk jobs: in this process, or a durable queue shared through Redis. */
  jobs: JobQueue;
  /** Root of schemas/: the meta-schemas and the built-in documents that seed the store. */
  schemasDir: string;
  /** Forms, prompts, lookups and pages as published (form validation reads them here). */
  documents: DocumentStore;
  /** Method and path of every API route (the studio warns about a form endpoint without one). */
  routes: RouteRegistry;
  now: () => Date;
  /** scrypt cost of new password hashes; weaker stored hashes are replaced at sign-in. */
  passwordCost: ScryptCost;
  /** Moves on every write; read caches are valid for one version. */
  version: DataVersion;
  /** Session callers by access token. */
  actors: VersionedCache<Actor>;
  /** List totals by count statement (the running count, shared by the calls that want it meanwhile). */
  counts: VersionedCache<Promise<number>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
