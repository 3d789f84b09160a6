import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { actorOf, requirePermission } from '../auth/guards';
import { invalid, list } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { reportDone } from '../services/action-report';
import { ID_SCHEMA, idField, routeId } from '../services/ids';
import { ipv4, prefixOf } from '../services/ipv4';
import { hubOf } from './vpn-hubs';
import { bodyHub } from './vpn-hub-users';
import { usersOfHub } from '../services/vpn-hub-user-records';

// The routes of a VPN hub: networks reached through one of its users (via).
// GET /vpn/hubs/routes?vpn_hub_id= answers the list (the console's routes
// tab: subnet and gateway, the user the route goes through) and the vendor's
// hub_routes on a channel; GET /vpn/quick-hubs/{id}/routes the same for a
// quick hub (the OpenAPI describes both answers for both).

function routeSpec(db: Kysely<Database>, hubId: number, userId?: number): ListSpec {
  return {
    from: () => {
      const qb = db
        .selectFrom('vpn_hub_routes as r')
        .innerJoin('records as u', 'u.id', 'r.hub_user_id')
        .where('r.hub_id', '=', hubId);
      return userId === undefined ? qb : qb.where('r.hub_user_id', '=', userId);
    },
    idColumn: 'r.id',
    fields: {
      id: 'r.id',
      name: 'r.name',
      hub_id: 'r.hub_id',
      ip: 'r.ip',
      netmask: 'r.netmask',
      via: 'r.hub_user_id',
      gateway: 'u.name',
      created_at: 'r.created_at',
    },
    search: ['name', 'ip'],
    sortable: ['id', 'name', 'ip', 'created_at'],
    defaultSort: 'id',
    map: (row) => ({
      ...row,
      ...('ip' in row && 'netmask' in row ? { subnet: `${String(row.ip)}/${prefixOf(String(row.netmask))}` } : {}),
      state: 'enabled',
      enabled: 1,
    }),
  };
}

/** A route's network and prefix, or a 422 on the field at fault (the address must be the network's own). */
export function routeNetwork(ip: string, netmask: string, sources = { ip: 'ip_address', netmask: 'netmask' }) {
  const address = ipv4(ip);
  const prefix = prefixOf(netmask);
  if (address === null) throw invalid([sources.ip, 'The ip address must be a valid IPv4 address.']);
  if (prefix === null || prefix < 1) throw invalid([sources.netmask, 'The netmask must be a valid netmask.']);
  if (address % 2 ** (32 - prefix) !== 0) {
    throw invalid([sources.ip, 'The ip address must be the network address of its netmask.']);
  }
  return { ip, netmask, prefix };
}

const ROUTE = { ip_address: { type: 'string', maxLength: 15 }, netmask: { type: 'string', maxLength: 15 } };
const USER = { vpn_hub_user_id: ID_SCHEMA };

export default async function vpnHubRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const view = { preHandler: requirePermission('view_vpn_hubs') };
  const manage = requirePermission('manage_vpn_hubs');
  const query = (request: FastifyRequest) => request.query as Record<string, unknown>;

  /** The hub user a body names, when it is a user of the hub (422 on vpn_hub_user_id otherwise). */
  async function viaOf(hub: { id: number; company_id: number; name: string }, id: number) {
    const user = (await usersOfHub(db, hub)).find((u) => u.id === id);
    if (!user) throw invalid(['vpn_hub_user_id', 'The selected VPN hub user is invalid.']);
    return user;
  }

  /** A page of the hub's routes (of one of its users), and the vendor's hub_routes on a channel. */
  async function routesOf(request: FastifyRequest, hubId: number, userId?: number) {
    const { data, total } = await runList(routeSpec(db, hubId, userId), query(request));
    const hub_routes = data.map((r) => ({ ip: r.ip, netmask: r.netmask, via: r.via, state: r.state }));
    const { meta } = await reportDone(ctx, actorOf(request), { total: 1, done: 1, failed: 0, data: { hub_routes } });
    return list(data, total, meta);
  }

  app.get('/vpn/hubs/routes', view, async (request) => {
    const hub = await hubOf(db, actorOf(request), idField(query(request).vpn_hub_id, 'vpn_hub_id', 'VPN hub'));
    const userRaw = query(request).vpn_hub_user_id;
    const userId = userRaw === undefined ? undefined : idField(userRaw, 'vpn_hub_user_id', 'VPN hub user');
    return routesOf(request, hub.id, userId);
  });

  app.get('/vpn/quick-hubs/:id/routes', view, async (request) =>
    routesOf(request, (await hubOf(db, actorOf(request), routeId(request.params))).id),
  );

  app.post(
    '/vpn/hubs/routes',
    {
      preHandler: manage,
      schema: {
        body: {
          type: 'object',
          required: ['vpn_hub_id', 'ip_address', 'netmask', 'vpn_hub_user_id'],
          additionalProperties: false,
          properties: { vpn_hub_id: ID_SCHEMA, ...ROUTE, ...USER },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body as { vpn_hub_id: number; ip_address: string; netmask: string; vpn_hub_user_id: number };
      const hubRow = await bodyHub(db, actor, body.vpn_hub_id);
      const via = await viaOf(hubRow, body.vpn_hub_user_id);
      const { ip, netmask, prefix } = routeNetwork(body.ip_address, body.netmask);
      const added = await db
        .insertInto('vpn_hub_routes')
        .values({
          hub_id: hubRow.id,
          hub_user_id: via.id,
          name: `${ip}/${prefix}`,
          ip,
          netmask,
          created_at: ctx.now().toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (!Number(added.numInsertedOrUpdatedRows ?? 0)) {
        throw invalid(['ip_address', 'A route with same IP address and netmask already exists.']);
      }
      return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data: { value: 'Route successfully added.' } });
    },
  );

  // The hub's route to a network through a user ({id} is the hub's).
  app.delete(
    '/vpn/hubs/routes/:id',
    {
      preHandler: manage,
      schema: {
        body: {
          type: 'object',
          required: ['ip_address', 'netmask', 'vpn_hub_user_id'],
          additionalProperties: false,
          properties: { ...ROUTE, ...USER },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const hub = await hubOf(db, actor, routeId(request.params));
      const body = request.body as { ip_address: string; netmask: string; vpn_hub_user_id: number };
      const removed = await db
        .deleteFrom('vpn_hub_routes')
        .where('hub_id', '=', hub.id)
        .where('hub_user_id', '=', body.vpn_hub_user_id)
        .where('ip', '=', body.ip_address)
        .where('netmask', '=', body.netmask)
        .executeTakeFirst();
      if (!Number(removed.numDeletedRows)) throw invalid(['ip_address', 'The route was not found.']);
      return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data: { value: 'Route successfully removed.' } });
    },
  );
}
