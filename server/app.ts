import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { openDatabase, resetDatabase } from './db/open';
import { migrateDatabase, seedIfEmpty } from './db/prepare';
import { frameworkErrors, registerErrorHandling } from './http/errors';
import { registerJsonParser } from './http/json-parser';
import { registerSpa } from './http/spa';
import { loggerOptions, registerRequestLogging, type LogStream } from './http/logging';
import { registerSecurity } from './http/security';
import type { LogLevel, TrustProxy } from './config';
import { connectRedis } from './cluster/redis';
import { shareInvalidation } from './cluster/invalidation';
import { localJobQueue, redisJobQueue, type JobRunner } from './jobs/queue';
import { bulkRunner, type BulkOptions } from './services/bulk';
import { registerAuthentication, resolveActor } from './auth/authenticate';
import { registerMfa } from './auth/mfa';
import { ACCESS_COOKIE, sessionLiveFor } from './auth/sessions';
import { socketTokenActor, tokenLiveFor } from './auth/personal-tokens';
import { PASSWORD_COST, type ScryptCost } from './auth/password';
import { Realtime } from './realtime/hub';
import { RelayRegistry } from './remote/registry';
import { openUntil } from './remote/links';
import { attachRelay } from './remote/relay';
import webUiProxy from './remote/webui-proxy';
import { resources } from './resources';
import statusChannel, { STATUS_BASE } from './resources/status-channel';
import { registerRequestIds } from './openapi/request-ids';
import { registerQueryText } from './http/query-text';
import { MAX_FILE_SIZE } from '../engine/constants';
import { registerOpenApi } from './openapi/serve';
import { registerConformance } from './openapi/conform';
import { loadDocument, type OpenApiNode } from './openapi/document';
import { notImplementedFallback } from './openapi/fallback';
import type { AppContext } from './context';
import { DocumentStore } from './documents/store';
import { seedDocuments } from './documents/seed';
import { RouteRegistry } from './http/routes';
import { DataVersion, VersionedCache, registerDataVersion } from './http/data-version';
import type { Kysely } from 'kysely';
import { startDeviceGateway, type GatewayOptions } from './devices/gateway';
import { startHubTimer } from './services/vpn-hub-timer';
import type { Database } from './db/types';

export interface AppOptions {
  /** The SQLite file (or a postgres:// URL). */
  dbFile: string;
  /** A postgres:// URL: PostgreSQL instead of the SQLite file. */
  databaseUrl?: string;
  /** Empty the database first and reseed. */
  reset?: boolean;
  /** The built console to serve with SPA fallback (none in API tests). */
  distDir?: string;
  /** Devices seeded into a new database (default 500). */
  devices?: number;
  /** Request log level (default silent); lines go to stdout or logStream. */
  logLevel?: LogLevel;
  logStream?: LogStream;
  /** Which proxies' X-Forwarded-* headers to believe (default none). */
  trustProxy?: TrustProxy;
  /** Shared state for several instances (REDIS_URL, REDIS_PREFIX). */
  redisUrl?: string;
  redisPrefix?: string;
  /** Bulk job chunking (BULK_CHUNK_SIZE, BULK_PAUSE_MS). */
  bulk?: BulkOptions;
  /** The session signing key (default: one kept in the database). */
  tokenKey?: Buffer;
  /** Clock, for tests. */
  now?: () => Date;
  schemasDir?: string;
  /** Calls a personal access token may make per minute (default API_TOKEN_RATE_LIMIT or 600). */
  apiTokensPerMinute?: number;
  /** The RMS API document the server follows and serves (default: the vendor's, server/openapi/rms-api-openapi.json). */
  openapi?: OpenApiNode;
  /** scrypt cost of new password hashes (default PASSWORD_COST; test servers pass TEST_PASSWORD_COST). */
  passwordCost?: ScryptCost;
  /** The device gateway (MQTT_* settings); none when unset. */
  mqtt?: GatewayOptions;
}

/** A hop count becomes "trust the nearest n proxies". */
function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export const BODY_LIMIT = 1024 * 1024;

async function tokenKey(db: Kysely<Database>): Promise<Buffer> {
  // Instances starting together over one database agree on the first key written.
  await db
    .insertInto('secrets')
    .values({ name: 'token_key', value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('secrets').select('value').where('name', '=', 'token_key').executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

/** Opens (migrating and seeding on first start) the database and builds the app, not yet listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const passwordCost = options.passwordCost ?? PASSWORD_COST;
  const target = options.databaseUrl ?? options.dbFile;
  if (options.reset) await resetDatabase(target);
  const handle = openDatabase(target);
  await migrateDatabase(handle.db);
  await seedIfEmpty(handle.db, { devices: options.devices, passwordCost });

  const app = Fastify({
    ...loggerOptions(options.logLevel ?? 'silent', options.logStream),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: BODY_LIMIT,
    frameworkErrors,
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: true,
        allErrors: true,
        allowUnionTypes: true,
      },
    },
  });
  const schemasDir = options.schemasDir ?? path.resolve('schemas');
  const now = options.now ?? (() => new Date());
  const documents = new DocumentStore(handle.db, now);
  await seedDocuments(documents, schemasDir);
  const redis = options.redisUrl ? await connectRedis(options.redisUrl, options.redisPrefix ?? 'fleet:') : undefined;
  const version = new DataVersion();
  // The runner reads ctx only when a job runs, after ctx exists.
  const runJob: JobRunner = (job, from, save) => bulkRunner(ctx, options.bulk)(job, from, save);
  const ctx: AppContext = {
    jobs: redis ? redisJobQueue(redis, runJob) : localJobQueue(runJob),
    version,
    actors: new VersionedCache(version),
    counts: new VersionedCache(version),
    db: handle.db,
    tokenKey: options.tokenKey ?? (await tokenKey(handle.db)),
    redis,
    realtime: new Realtime(redis),
    remote: new RelayRegistry(now, (id) => openUntil(ctx, id), redis),
    schemasDir,
    documents,
    routes: new RouteRegistry(),
    now,
    passwordCost,
  };
  if (redis) await shareInvalidation(ctx, redis);
  await ctx.remote.listen();
  app.decorate('ctx', ctx);
  registerRequestLogging(app);
  await registerSecurity(app);
  await app.register(cookie);
  // preservePath: the file name as sent, so that a name with path separators is refused, not silently cut.
  await app.register(multipart, { limits: { fileSize: MAX_FILE_SIZE, files: 5, fields: 50 }, preservePath: true });
  registerDataVersion(app, version);
  registerJsonParser(app);
  registerErrorHandling(app);
  registerQueryText(app);
  registerAuthentication(app, { perMinute: options.apiTokensPerMinute });
  registerMfa(app);
  app.decorateRequest('form', null);
  ctx.routes.listen(app);
  const openapi = options.openapi ?? loadDocument();
  registerConformance(app, openapi);
  registerRequestIds(app, openapi);
  for (const plugin of resources) await app.register(plugin, { prefix: '/api' });
  await app.register(notImplementedFallback(openapi, ctx.routes), { prefix: '/api' });
  await app.register(statusChannel, { prefix: STATUS_BASE });
  await registerOpenApi(app, openapi, ctx.routes);
  await app.register(webUiProxy);
  await registerSpa(app, options.distDir);

  ctx.realtime.attach(
    app.server,
    async ({ cookie, token }) => {
      if (token) return socketTokenActor(ctx, token);
      const access = new RegExp(`(?:^|;\\s*)${ACCESS_COOKIE}=([^;]+)`).exec(cookie ?? '')?.[1];
      return resolveActor(app, access ? decodeURIComponent(access) : undefined);
    },
    async (actor) =>
      (await tokenLiveFor(ctx, actor.sessionId, actor.user.id)) ?? sessionLiveFor(ctx, actor.sessionId, actor.user.id),
  );
  if (options.mqtt) ctx.devices = await startDeviceGateway(ctx, options.mqtt, app.log);
  const stopHubTimer = startHubTimer(ctx, app.log.warn.bind(app.log));
  app.addHook('preClose', async () => {
    stopHubTimer();
    await ctx.devices?.close();
    await ctx.realtime.close();
  });
  attachRelay(app);
  app.addHook('onClose', async () => {
    await ctx.jobs.close();
    await handle.close();
    await redis?.close();
  });
  return app;
}
