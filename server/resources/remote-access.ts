import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { jsonArrayFrom } from '../db/dialect';
import { assertCompanyTags } from '../services/company-tags';
import type { Actor } from '../auth/actor';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { done, invalid, sourcedUnder } from '../http/envelope';
import type { ListSpec } from '../http/list-query';
import { reportDone } from '../services/action-report';
import { ID_SCHEMA, idField, routeId } from '../services/ids';
import { bulkDeleteRoute } from './bulk-delete';
import { itemRoute, listRoute } from './list-route';
import { bool, scoped } from './scoped';
import { BATCH_SIZE } from '../../engine/constants';
import { sealPassword } from '../remote/credentials';

// Remote access configurations of devices and the access history.

const PROTOCOLS: Record<string, number> = { http: 80, https: 443, ssh: 22, telnet: 23, rdp: 3389, vnc: 5900, sftp: 22 };

/** A new entry, as the new-remote-access form checked it. */
interface NewAccess {
  device_id: number;
  name: string;
  protocol: string;
  destination_ip?: string;
  destination_port?: number;
  credentials_required?: boolean;
  username?: string;
  password?: string;
}

/** PUT /devices/remote-access/{access_id} (devices_remote_access_update): tag_id overwrites the entry's tags. */
const UPDATE_BODY = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    device_id: ID_SCHEMA,
    name: { type: 'string', minLength: 3, maxLength: 50 },
    destination_ip: { type: 'string', format: 'ipv4' },
    destination_port: { type: 'integer', minimum: 0, maximum: 65535 },
    protocol: { enum: Object.keys(PROTOCOLS) },
    credentials_required: { type: 'boolean' },
    username: { type: 'string', maxLength: 64 },
    password: { type: 'string', maxLength: 128 },
    tag_id: { type: 'array', maxItems: BATCH_SIZE, uniqueItems: true, items: ID_SCHEMA },
  },
} as const;

interface AccessUpdate {
  device_id?: number;
  name?: string;
  destination_ip?: string;
  destination_port?: number;
  protocol?: string;
  credentials_required?: boolean;
  username?: string;
  password?: string;
  tag_id?: number[];
}

/**
 * Gives an entry exactly these tags; with none sent, keeps those of its company (an entry moved with its device
 * loses the old company's).
 */
async function setAccessTags(db: Kysely<Database>, accessId: number, companyId: number, ids: number[] | undefined) {
  const gone = db.deleteFrom('remote_access_tags').where('access_id', '=', accessId);
  await (
    ids ? gone : gone.where('tag_id', 'in', db.selectFrom('tags').select('id').where('company_id', '!=', companyId))
  ).execute();
  if (ids?.length)
    await db
      .insertInto('remote_access_tags')
      .values(ids.map((tag_id) => ({ access_id: accessId, tag_id })))
      .execute();
}

/**
 * The stored account of an entry (write-only): a password is kept sealed, and an absent or empty one leaves the
 * stored password as it is (an edit form's empty password field means unchanged); an empty username clears both.
 */
function accountColumns(tokenKey: Buffer, username: string | undefined, password: string | undefined) {
  const columns: { username?: string | null; password_secret?: string | null } = {};
  if (password) columns.password_secret = sealPassword(tokenKey, password);
  if (username !== undefined) columns.username = username.trim() || null;
  if (columns.username === null) columns.password_secret = null;
  return columns;
}

export function accessSpec(app: FastifyInstance, actor: Actor): ListSpec {
  const { db } = app.ctx;
  const tags = jsonArrayFrom(
    db,
    db
      .selectFrom('remote_access_tags as rt')
      .innerJoin('tags as t', 't.id', 'rt.tag_id')
      .select(['t.id', 't.name'])
      .where('rt.access_id', '=', sql.ref<number>('a.id'))
      .orderBy('t.id'),
  );
  return {
    from: () =>
      scoped(
        app.ctx.db
          .selectFrom('remote_access as a')
          .innerJoin('devices as d', 'd.id', 'a.device_id')
          .innerJoin('companies as c', 'c.id', 'a.company_id'),
        actor,
        'a.company_id',
      ),
    idColumn: 'a.id',
    fields: {
      id: 'a.id',
      device_id: 'a.device_id',
      name: 'a.name',
      destination_ip: 'a.destination_ip',
      destination_port: 'a.destination_port',
      protocol: 'a.protocol',
      is_main: 'a.is_main',
      credentials_required: 'a.credentials_required',
      device_name: 'd.name',
      device_serial: 'd.serial',
      company_id: 'a.company_id',
      company_name: 'c.name',
      created_at: 'a.created_at',
      tags,
    },
    json: ['tags'],
    search: ['name', 'device_name', 'protocol'],
    defaultSort: '-id',
    filters: { device_id: 'a.device_id', protocol: 'a.protocol', company_id: 'a.company_id' },
    map: (row) => ({
      ...row,
      ...('is_main' in row ? { is_main: bool(row.is_main) } : {}),
      ...('credentials_required' in row ? { credentials_required: bool(row.credentials_required) } : {}),
    }),
  };
}

/** The access history the caller's companies own (h), with its entry (a), device (d), company (c) and user (u). */
export const accessHistory = (app: FastifyInstance, actor: Actor) =>
  scoped(
    app.ctx.db
      .selectFrom('remote_access_history as h')
      .innerJoin('remote_access as a', 'a.id', 'h.remote_access_id')
      .innerJoin('devices as d', 'd.id', 'a.device_id')
      .innerJoin('companies as c', 'c.id', 'h.company_id')
      .leftJoin('users as u', 'u.id', 'h.user_id'),
    actor,
    'h.company_id',
  );

function historySpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () => accessHistory(app, actor),
    idColumn: 'h.id',
    fields: {
      id: 'h.id',
      remote_access_id: 'h.remote_access_id',
      name: 'a.name',
      device_id: 'a.device_id',
      device_name: 'd.name',
      protocol: 'h.protocol',
      user_id: 'h.user_id',
      email: 'u.email',
      company_id: 'h.company_id',
      company_name: 'c.name',
      started_at: 'h.started_at',
      ended_at: 'h.ended_at',
      created_at: 'h.started_at',
    },
    search: ['name', 'device_name', 'email'],
    defaultSort: '-id',
    filters: { device_id: 'a.device_id', protocol: 'h.protocol', company_id: 'h.company_id' },
  };
}

export default async function remoteAccess(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  listRoute(app, '/devices/remote-access', 'view_device_remote_access', (actor) => accessSpec(app, actor));
  // Not in the RMS API (which has no read of one entry): the entry as its list row shows it, for the edit form.
  itemRoute(app, '/devices/remote-access/:id', 'view_device_remote_access', (actor) => accessSpec(app, actor));

  /** The device a payload names, when it is one of the caller's; else a 422 on device_id. */
  async function deviceField(actor: Actor, value: unknown) {
    const device = await db
      .selectFrom('devices')
      .select(['id', 'company_id'])
      .where('id', '=', idField(value, 'device_id'))
      .executeTakeFirst();
    if (!device || !(actor.companyIds === null || actor.companyIds.includes(device.company_id)))
      throw invalid(['device_id', 'The selected device is invalid.']);
    return device;
  }
  listRoute(app, '/devices/remote-access/history', 'view_device_remote_access', (actor) => historySpec(app, actor));

  // The new-remote-access form is enforced: the server checks what the console checks. The RMS API's body is a
  // list of entries, `{data: [entry, …]}` (each checked as the form's, all before any is created), answered with
  // the status channel; the console's form sends one entry and is answered its id.
  app.post(
    '/devices/remote-access',
    guard(app, { permission: 'manage_remote_access', form: true, formItems: 'data' }),
    async (request, reply) => {
      const actor = actorOf(request);
      const form = request.form as unknown as NewAccess & { data?: NewAccess[] };
      const entries = form.data ?? [form];
      const devices: { id: number; company_id: number }[] = [];
      for (const [index, entry] of entries.entries()) {
        devices.push(await sourcedUnder(form.data && `data.${index}`, () => deviceField(actor, entry.device_id)));
      }
      const ids = await db.transaction().execute(async (trx) => {
        const created: number[] = [];
        for (const [index, body] of entries.entries()) {
          const device = devices[index];
          const { id } = await trx
            .insertInto('remote_access')
            .values({
              device_id: device.id,
              company_id: device.company_id,
              name: body.name.trim(),
              protocol: body.protocol,
              destination_ip: body.destination_ip ?? '192.168.1.1',
              destination_port: body.destination_port ?? PROTOCOLS[body.protocol],
              is_main: 0,
              credentials_required: body.credentials_required ? 1 : 0,
              created_at: ctx.now().toISOString(),
              ...accountColumns(ctx.tokenKey, body.username, body.password),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          created.push(id);
        }
        return created;
      });
      if (form.data)
        return reply
          .status(201)
          .send(await reportDone(ctx, actor, { total: ids.length, done: ids.length, failed: 0, data: { ids } }));
      return reply
        .status(201)
        .send({ success: true, data: { id: ids[0] }, message: 'Remote access created successfully' });
    },
  );

  app.delete(
    '/devices/remote-access/:id',
    { preHandler: requirePermission('manage_remote_access') },
    async (request) => {
      const actor = actorOf(request);
      const id = routeId(request.params);
      const row = await db.selectFrom('remote_access').select('company_id').where('id', '=', id).executeTakeFirst();
      assertTenancy(actor, row?.company_id, 'Remote access');
      await db.deleteFrom('remote_access').where('id', '=', id).execute();
      return done(undefined, 'Remote access removed successfully');
    },
  );

  app.put(
    '/devices/remote-access/:id',
    // The permission comes before the body schema, so a caller without it learns nothing of the rules.
    { preValidation: requirePermission('manage_remote_access'), schema: { body: UPDATE_BODY } },
    async (request) => {
      const actor = actorOf(request);
      const id = routeId(request.params);
      const row = await db.selectFrom('remote_access').select('company_id').where('id', '=', id).executeTakeFirst();
      assertTenancy(actor, row?.company_id, 'Remote access');
      const { device_id, name, credentials_required, username, password, tag_id, ...rest } =
        request.body as AccessUpdate;
      if (name !== undefined && name.trim().length < 3)
        throw invalid(['name', 'The name must be at least 3 characters.']);
      const device = device_id === undefined ? undefined : await deviceField(actor, device_id);
      const changes = {
        ...rest,
        ...(name === undefined ? {} : { name: name.trim() }),
        ...(device ? { device_id: device.id, company_id: device.company_id } : {}),
        ...(credentials_required === undefined ? {} : { credentials_required: credentials_required ? 1 : 0 }),
        ...accountColumns(ctx.tokenKey, username, password),
      };
      const companyId = device?.company_id ?? row!.company_id;
      await assertCompanyTags(db, companyId, tag_id ?? []);
      await db.transaction().execute(async (trx) => {
        // Only an empty password sent: nothing changes.
        if (Object.keys(changes).length)
          await trx.updateTable('remote_access').set(changes).where('id', '=', id).execute();
        if (tag_id || device) await setAccessTags(trx, id, companyId, tag_id);
      });
      return reportDone(ctx, actor, { total: 1, done: 1, failed: 0 });
    },
  );

  bulkDeleteRoute(app, {
    path: '/devices/remote-access',
    permission: 'manage_remote_access',
    table: 'remote_access',
    notFound: 'Some of the selected remote accesses were not found.',
  });

  // check: whether each of the device's entries can be reached now (the device is online).
  // unblock: nothing in this product blocks remote access, so there is never anything to unblock.
  app.post(
    '/devices/:id/remote-access/:action',
    {
      preHandler: requirePermission('manage_remote_access'),
      schema: { params: { type: 'object', properties: { action: { enum: ['check', 'unblock'] } } } },
    },
    async (request) => {
      const actor = actorOf(request);
      const device = await db
        .selectFrom('devices')
        .select(['id', 'company_id', 'status'])
        .where('id', '=', routeId(request.params))
        .executeTakeFirst();
      assertTenancy(actor, device?.company_id, 'Device');
      if ((request.params as { action: string }).action === 'unblock') {
        throw invalid(['action', 'Remote access of this device is not blocked.']);
      }
      const entries = await db
        .selectFrom('remote_access')
        .select(['id', 'name', 'protocol'])
        .where('device_id', '=', device!.id)
        .orderBy('id')
        .limit(BATCH_SIZE)
        .execute();
      const reachable = device!.status === 1;
      const data = entries.map((entry) => ({ ...entry, reachable }));
      const done = reachable ? entries.length : 0;
      return reportDone(ctx, actor, { total: entries.length, done, failed: entries.length - done, data });
    },
  );
}
