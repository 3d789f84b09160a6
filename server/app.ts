import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { openDatabase, deleteDatabase } from './db/open';
import { migrate } from './db/migrations';
import { seedDatabase } from './seed/fixtures';
import { registerErrorHandling } from './http/errors';
import { registerJsonParser } from './http/json-parser';
import { registerSpa } from './http/spa';
import { registerAuthentication, resolveActor } from './auth/authenticate';
import { registerMfa } from './auth/mfa';
import { ACCESS_COOKIE } from './auth/sessions';
import { Realtime } from './realtime/hub';
import { resources } from './resources';
import type { AppContext } from './context';
import { DataVersion, VersionedCache, registerDataVersion } from './http/data-version';
import type { Kysely } from 'kysely';
import type { Database } from './db/types';

export interface AppOptions {
  dbFile: string;
  /** Delete the database file first and reseed. */
  reset?: boolean;
  /** The built console to serve with SPA fallback (none in API tests). */
  distDir?: string;
  /** Devices seeded into a new database (default 500). */
  devices?: number;
  logger?: boolean;
  /** Clock, for tests. */
  now?: () => Date;
  schemasDir?: string;
}

export const BODY_LIMIT = 1024 * 1024;
export const FILE_LIMIT = 83886080;

async function tokenKey(db: Kysely<Database>): Promise<Buffer> {
  const row = await db.selectFrom('secrets').select('value').where('name', '=', 'token_key').executeTakeFirst();
  if (row) return Buffer.from(row.value, 'base64');
  const key = randomBytes(32);
  await db
    .insertInto('secrets')
    .values({ name: 'token_key', value: key.toString('base64') })
    .execute();
  return key;
}

/** Opens (migrating and seeding on first start) the database and builds the app, not yet listening. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  if (options.reset) deleteDatabase(options.dbFile);
  const handle = openDatabase(options.dbFile);
  await migrate(handle.db as Kysely<unknown>);
  const seeded = await handle.db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  if (!seeded) {
    await seedDatabase(handle.db, handle.sqlite, { devices: options.devices });
    handle.sqlite.exec('analyze');
  }

  const app = Fastify({
    logger: options.logger
      ? {
          level: 'info',
          redact: {
            paths: [
              'req.headers.cookie',
              'req.headers["x-xsrf-token"]',
              'req.headers.authorization',
              'res.headers["set-cookie"]',
            ],
            censor: '[redacted]',
          },
        }
      : false,
    bodyLimit: BODY_LIMIT,
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
  const version = new DataVersion();
  const ctx: AppContext = {
    version,
    actors: new VersionedCache(version),
    counts: new VersionedCache(version),
    db: handle.db,
    sqlite: handle.sqlite,
    tokenKey: await tokenKey(handle.db),
    realtime: new Realtime(),
    schemasDir: options.schemasDir ?? path.resolve('schemas'),
    now: options.now ?? (() => new Date()),
  };
  app.decorate('ctx', ctx);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: FILE_LIMIT, files: 5, fields: 50 } });
  registerDataVersion(app, version);
  registerJsonParser(app);
  registerErrorHandling(app);
  registerAuthentication(app);
  registerMfa(app);
  app.decorateRequest('form', null);
  for (const plugin of resources) await app.register(plugin, { prefix: '/api' });
  await registerSpa(app, options.distDir);

  ctx.realtime.attach(app.server, async (header) => {
    const token = new RegExp(`(?:^|;\\s*)${ACCESS_COOKIE}=([^;]+)`).exec(header ?? '')?.[1];
    return resolveActor(app, token ? decodeURIComponent(token) : undefined);
  });
  app.addHook('preClose', async () => ctx.realtime.close());
  app.addHook('onClose', async () => handle.close());
  return app;
}
