import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { BATCH_SIZE } from '../../engine/constants';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField, assertTenancy, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { bodyDefaults } from '../forms/defaults';
import { jsonArrayFrom } from '../db/dialect';
import { assertCompanyTags } from '../services/company-tags';
import { done, invalid } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { reportDone } from '../services/action-report';
import { ipv4, isHost, prefixOf } from '../services/ipv4';
import { closeVpnSessions, openSessions } from '../services/vpn-sessions';
import { ID_SCHEMA, routeId } from '../services/ids';
import { bulkDeleteRoute } from './bulk-delete';
import { removeUsersOfHubs } from './vpn-hub-users';
import { itemRoute, listRoute } from './list-route';
import { scoped } from './scoped';

/** The longest a hub is turned on for (PUT /vpn/hubs/{id}/toggle duration): a year, in seconds. */
const MAX_TOGGLE_SECONDS = 31_536_000;

// VPN hubs and quick-connect hubs (quick_hub = 1).

/** The hub of a route when it is one of the caller's (404 otherwise). */
export async function hubOf(db: Kysely<Database>, actor: Actor, id: number) {
  const hub = await db.selectFrom('vpn_hubs').select(['id', 'company_id']).where('id', '=', id).executeTakeFirst();
  assertTenancy(actor, hub?.company_id, 'VPN hub');
  return hub!;
}

/** Creates an enabled hub on the next free port and answers its id. */
export async function createHub(
  db: Kysely<Database>,
  now: string,
  hub: {
    company_id: number;
    name: string;
    quick_hub: number;
    zone?: string;
    description?: string | null;
    vpn_type?: string;
  },
) {
  const last = await db
    .selectFrom('vpn_hubs')
    .select((eb) => eb.fn.max('port').as('port'))
    .executeTakeFirst();
  const { id } = await db
    .insertInto('vpn_hubs')
    .values({
      ...hub,
      enabled: 1,
      port: Number(last?.port ?? 1193) + 1,
      bytes_used: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const TAG_IDS = { type: 'array', maxItems: BATCH_SIZE, uniqueItems: true, items: ID_SCHEMA } as const;

/** POST /vpn/hubs's fields beyond the new-vpn-hub form's, as the OpenAPI names them (the form's are its own). */
const CREATE_EXTRAS = {
  type: 'object',
  properties: {
    description: { type: ['string', 'null'], maxLength: 255 },
    hub_zone: { enum: ['frankfurt-1', 'bahrain-1'] },
    vpn_type: { enum: ['tap', 'tun'] },
    tag_id: TAG_IDS,
  },
} as const;

interface CreateExtras {
  description?: string | null;
  hub_zone?: string;
  vpn_type?: string;
  tag_id?: number[];
}

/** Adds these tags to a hub (a new one's, or after its old ones are removed). */
export async function addHubTags(db: Kysely<Database>, hubId: number, ids: number[]) {
  if (ids.length)
    await db
      .insertInto('vpn_hub_tags')
      .values(ids.map((tag_id) => ({ hub_id: hubId, tag_id })))
      .execute();
}

const tagsOf = (tags: { id: number }[]) => ({ tags, tag_id: tags.map((tag) => tag.id) });

export function hubSpec(app: FastifyInstance, actor: Actor): ListSpec {
  const { db } = app.ctx;
  const tags = jsonArrayFrom(
    db,
    db
      .selectFrom('vpn_hub_tags as ht')
      .innerJoin('tags as t', 't.id', 'ht.tag_id')
      .select(['t.id', 't.name', 't.description', 't.company_id', 't.created_at', 't.updated_at'])
      .where('ht.hub_id', '=', sql.ref<number>('h.id'))
      .orderBy('t.id'),
  );
  const devices = jsonArrayFrom(
    db,
    db
      .selectFrom('vpn_hub_devices as hd')
      .select('hd.device_id')
      .where('hd.hub_id', '=', sql.ref<number>('h.id'))
      .orderBy('hd.device_id'),
  );
  return {
    from: () =>
      scoped(
        app.ctx.db.selectFrom('vpn_hubs as h').innerJoin('companies as c', 'c.id', 'h.company_id'),
        actor,
        'h.company_id',
      ),
    idColumn: 'h.id',
    fields: {
      id: 'h.id',
      name: 'h.name',
      quick_hub: 'h.quick_hub',
      bytes_used: 'h.bytes_used',
      enabled: 'h.enabled',
      status: 'h.enabled',
      company_id: 'h.company_id',
      company_name: 'c.name',
      port: 'h.port',
      created_at: 'h.created_at',
      updated_at: 'h.updated_at',
      tags,
      ip: 'h.ip',
      netmask: 'h.netmask',
      zone: 'h.zone',
      description: 'h.description',
      devices,
    },
    hidden: ['ip', 'netmask', 'zone', 'devices'],
    search: ['name'],
    defaultSort: '-id',
    filters: { company_id: 'h.company_id', enabled: 'h.enabled', quick_hub: 'h.quick_hub' },
    // tag_id: the ids of the hub's tags, as PUT /vpn/hubs/{id} (the edit form) takes them back.
    map: (row) => ({
      ...row,
      ...('tags' in row ? tagsOf(JSON.parse(String(row.tags ?? '[]')) as { id: number }[]) : {}),
      ...('devices' in row
        ? { devices: (JSON.parse(String(row.devices ?? '[]')) as { device_id: number }[]).map((d) => d.device_id) }
        : {}),
    }),
  };
}

export default async function vpnHubs(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  listRoute(app, '/vpn/hubs', 'view_vpn_hubs', (actor) => hubSpec(app, actor));

  // Not in the RMS API (which has no read of one hub): the hub as its list row shows it.
  itemRoute(app, '/vpn/hubs/:id', 'view_vpn_hubs', (actor) => hubSpec(app, actor), { notFound: 'VPN hub not found.' });

  // The new-vpn-hub form is enforced: the permission first, then the document's checks; the OpenAPI's other
  // fields (description, zone, tunnel type, tags of the hub's company) by the route's schema.
  app.post(
    '/vpn/hubs',
    {
      ...guard(app, {
        permission: 'manage_vpn_hubs',
        form: true,
        formOmits: Object.keys(CREATE_EXTRAS.properties),
        // The OpenAPI leaves the company optional: the caller's own.
        formDefaults: bodyDefaults(ctx.now, { company: true }),
      }),
      schema: { body: CREATE_EXTRAS },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.form as { name: string; company_id: number; quick_hub?: boolean };
      const extras = request.body as CreateExtras;
      const companyId = await assertCompanyField(db, actor, body.company_id);
      const tags = extras.tag_id ?? [];
      await assertCompanyTags(db, companyId, tags);
      const id = await db.transaction().execute(async (trx) => {
        const hubId = await createHub(trx, ctx.now().toISOString(), {
          company_id: companyId,
          name: body.name.trim(),
          quick_hub: body.quick_hub ? 1 : 0,
          description: extras.description?.trim() || null,
          ...(extras.hub_zone ? { zone: extras.hub_zone } : {}),
          ...(extras.vpn_type ? { vpn_type: extras.vpn_type } : {}),
        });
        await addHubTags(trx, hubId, tags);
        return hubId;
      });
      return reply.status(201).send({ success: true, data: { id }, message: 'VPN hub created successfully' });
    },
  );

  app.delete('/vpn/hubs/:id', { preHandler: requirePermission('manage_vpn_hubs') }, async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    const hub = await db.selectFrom('vpn_hubs').select('company_id').where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, hub?.company_id, 'VPN hub');
    await removeUsersOfHubs(db, [id]);
    await db.deleteFrom('vpn_hubs').where('id', '=', id).execute();
    return done(undefined, 'VPN hub removed successfully');
  });

  const hubInScope = (actor: Actor, id: number) => hubOf(db, actor, id);

  // The hub's tags, overwritten: each a tag of the hub's company (the edit form lists those: it names the
  // company, which a hub cannot change); and its description, empty or null to clear it. What the body leaves
  // out is kept.
  app.put(
    '/vpn/hubs/:id',
    {
      preHandler: requirePermission('manage_vpn_hubs'),
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            company_id: ID_SCHEMA,
            tag_id: TAG_IDS,
            description: { type: ['string', 'null'], maxLength: 255 },
          },
        },
      },
    },
    async (request) => {
      const hub = await hubInScope(actorOf(request), routeId(request.params));
      const body = request.body as { tag_id?: number[]; company_id?: number; description?: string | null };
      if (body.company_id !== undefined && body.company_id !== hub.company_id)
        throw invalid(['company_id', 'A VPN hub cannot change its company.']);
      const description = body.description === undefined ? {} : { description: body.description?.trim() || null };
      await assertCompanyTags(db, hub.company_id, body.tag_id ?? []);
      await db.transaction().execute(async (trx) => {
        if (body.tag_id) {
          await trx.deleteFrom('vpn_hub_tags').where('hub_id', '=', hub.id).execute();
          await addHubTags(trx, hub.id, body.tag_id);
        }
        await trx
          .updateTable('vpn_hubs')
          .set({ ...description, updated_at: ctx.now().toISOString() })
          .where('id', '=', hub.id)
          .execute();
      });
      return { success: true };
    },
  );

  // Turns the hub on or off; on with a duration (seconds, as every duration of the API), for that long only
  // (server/services/vpn-hub-timer.ts switches it off).
  app.put(
    '/vpn/hubs/:id/toggle',
    {
      preHandler: requirePermission('manage_vpn_hubs'),
      schema: {
        body: {
          type: 'object',
          required: ['enabled'],
          additionalProperties: false,
          properties: {
            enabled: { type: 'boolean' },
            duration: { type: 'integer', minimum: 1, maximum: MAX_TOGGLE_SECONDS },
          },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const hub = await hubInScope(actor, routeId(request.params));
      const body = request.body as { enabled: boolean; duration?: number };
      if (!body.enabled && body.duration !== undefined)
        throw invalid(['duration', 'A duration is given only to turn a hub on.']);
      const enabled = body.enabled ? 1 : 0;
      const now = ctx.now();
      const until = body.duration === undefined ? null : new Date(now.getTime() + body.duration * 1000).toISOString();
      await db
        .updateTable('vpn_hubs')
        .set({ enabled, enabled_until: until, updated_at: now.toISOString() })
        .where('id', '=', hub.id)
        .execute();
      // A hub turned off disconnects its users at once.
      if (!enabled) await closeVpnSessions(db, 'hub_id', [hub.id], now.toISOString());
      const value = `VPN hub successfully ${enabled ? 'enabled' : 'disabled'}.`;
      return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data: { value } });
    },
  );

  // The hub's VPN network: its address and netmask (a host address of a network of /8 to /30).
  app.put(
    '/vpn/hubs/:id/settings',
    {
      preHandler: requirePermission('manage_vpn_hubs'),
      schema: {
        body: {
          type: 'object',
          required: ['ip', 'netmask'],
          additionalProperties: false,
          properties: { ip: { type: 'string', maxLength: 15 }, netmask: { type: 'string', maxLength: 15 } },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const hub = await hubInScope(actor, routeId(request.params));
      const body = request.body as { ip: string; netmask: string };
      const address = ipv4(body.ip);
      const prefix = prefixOf(body.netmask);
      if (address === null) throw invalid(['ip', 'The ip must be a valid IPv4 address.']);
      if (prefix === null || prefix < 8 || prefix > 30) {
        throw invalid(['netmask', 'The netmask must be a valid netmask from 255.0.0.0 to 255.255.255.252.']);
      }
      if (!isHost(address, prefix)) throw invalid(['ip', 'The ip must be a host address of its network.']);
      await db
        .updateTable('vpn_hubs')
        .set({ ip: body.ip, netmask: body.netmask, updated_at: ctx.now().toISOString() })
        .where('id', '=', hub.id)
        .execute();
      return reportDone(ctx, actor, {
        total: 1,
        done: 1,
        failed: 0,
        data: { value: 'VPN hub data successfully updated.' },
      });
    },
  );

  /**
   * The fields the OpenAPI's hub information names beside the list's: its network, its traffic (the closed
   * sessions' logs and the open sessions), its sessions open now; `running` and `state` follow `enabled`.
   */
  async function vendorInfo(hubId: number) {
    const row = await db
      .selectFrom('vpn_hubs')
      .select(['name', 'ip', 'netmask', 'enabled', 'bytes_used'])
      .where('id', '=', hubId)
      .executeTakeFirstOrThrow();
    const logged = await db
      .selectFrom('vpn_hub_user_logs')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>('session_bytes_send'), eb.lit(0)).as('sent'),
        eb.fn.coalesce(eb.fn.sum<number>('session_bytes_received'), eb.lit(0)).as('received'),
      ])
      .where('hub_id', '=', hubId)
      .executeTakeFirstOrThrow();
    const open = await openSessions(db, hubId);
    const sum = (pick: (s: (typeof open)[number]) => unknown) => open.reduce((n, s) => n + Number(pick(s)), 0);
    return {
      visual_name: row.name,
      server_ip: row.ip,
      server_netmask: row.netmask,
      bytes_sent: Number(logged.sent) + sum((s) => s.bytes_send),
      bytes_received: Number(logged.received) + sum((s) => s.bytes_received),
      total_bytes_used: Number(row.bytes_used),
      running: row.enabled === 1,
      state: row.enabled === 1 ? 'running' : 'stopped',
      number_of_sessions: open.length,
    };
  }

  // The hub's information, on the channel: the hub as the list shows it, with its VPN network and the OpenAPI's fields.
  app.get('/vpn/hubs/:id/info', { preHandler: requirePermission('view_vpn_hubs') }, async (request) => {
    const actor = actorOf(request);
    const hub = await hubInScope(actor, routeId(request.params));
    const spec = hubSpec(app, actor);
    const fields = Object.keys(spec.fields).join(',');
    const { data } = await runList(spec, { id: String(hub.id), limit: '1', fields });
    return reportDone(ctx, actor, {
      total: 1,
      done: 1,
      failed: 0,
      data: { ...data[0], ...(await vendorInfo(hub.id)) },
    });
  });

  bulkDeleteRoute(app, {
    path: '/vpn/hubs',
    permission: 'manage_vpn_hubs',
    table: 'vpn_hubs',
    notFound: 'Some of the selected VPN hubs were not found.',
    value: 'VPN hub deleted successfully.',
    dependents: (ids) => removeUsersOfHubs(db, ids),
  });
}
