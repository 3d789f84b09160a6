import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/types';

// A device's configuration as the multi configurator sees it: a JSON object
// per API path, read (the device's identity at /system/device/status when
// nothing was written there), written (POST/PUT/PATCH merge the request
// objects, DELETE removes the path), each request logged under one action.

export interface ConfigRequest {
  device_id: number;
  method: string;
  path: string;
  /** The request objects (for writes). */
  data: Record<string, unknown>[];
}

export interface ConfigResult extends ConfigRequest {
  code: number;
  content: unknown;
}

type Db = Kysely<Database> | Transaction<Database>;

const STATUS_PATH = '/system/device/status';

async function stored(db: Db, deviceId: number, path: string): Promise<Record<string, unknown> | undefined> {
  const row = await db
    .selectFrom('device_configurations')
    .select('content')
    .where('device_id', '=', deviceId)
    .where('path', '=', path)
    .executeTakeFirst();
  if (row) return JSON.parse(row.content) as Record<string, unknown>;
  if (path !== STATUS_PATH) return undefined;
  const device = await db
    .selectFrom('devices')
    .select(['name', 'serial', 'model', 'firmware'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
  return device ? { ...device } : undefined;
}

/** Runs one request on a device's configuration. */
async function run(db: Db, request: ConfigRequest, now: string): Promise<ConfigResult> {
  const { device_id, path } = request;
  const method = request.method.toUpperCase();
  if (method === 'GET') {
    const content = await stored(db, device_id, path);
    return { ...request, method, code: content ? 200 : 404, content: content ?? null };
  }
  const where = db.deleteFrom('device_configurations').where('device_id', '=', device_id).where('path', '=', path);
  if (method === 'DELETE') {
    const { numDeletedRows } = await where.executeTakeFirst();
    return { ...request, method, code: Number(numDeletedRows) ? 200 : 404, content: null };
  }
  const content = Object.assign({}, (await stored(db, device_id, path)) ?? {}, ...request.data) as object;
  await where.execute();
  await db
    .insertInto('device_configurations')
    .values({ device_id, path, content: JSON.stringify(content), updated_at: now })
    .execute();
  return { ...request, method, code: 200, content };
}

/** Runs the requests of one action in a transaction and logs each; answers the results and the action's name. */
export async function runAction(db: Kysely<Database>, displayName: string, requests: ConfigRequest[], now: string) {
  return db.transaction().execute(async (trx) => {
    const results: ConfigResult[] = [];
    const ids: number[] = [];
    for (const request of requests) {
      const started = Date.now();
      const result = await run(trx, request, now);
      results.push(result);
      const { id } = await trx
        .insertInto('configurator_logs')
        .values({
          device_id: request.device_id,
          action_name: '',
          display_name: displayName,
          method: result.method,
          route: request.path,
          request_message: JSON.stringify(request.data),
          response_message: JSON.stringify(result.content ?? { error: `Nothing is configured at ${request.path}.` }),
          response_code: result.code,
          request_state: result.code === 200 ? 'completed' : 'failed',
          duration: Date.now() - started,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    // The action is named after its first request, so names are unique and ordered.
    const actionName = String(ids[0] ?? 0);
    if (ids.length) {
      await trx.updateTable('configurator_logs').set({ action_name: actionName }).where('id', 'in', ids).execute();
    }
    return { results, actionName };
  });
}
