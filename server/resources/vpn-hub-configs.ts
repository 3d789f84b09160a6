import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { actorOf, requirePermission } from '../auth/guards';
import { ApiError, invalid, notFound } from '../http/envelope';
import { reportDone } from '../services/action-report';
import { idList, routeId } from '../services/ids';
import { clientConfig, configName, newStaticKey, type HubSettings } from '../services/openvpn-config';
import { hubOf } from './vpn-hubs';
import { hubUserOf } from './vpn-hub-users';

// OpenVPN client configurations, answered on the channel as {name, content}:
// one per hub user (GET /vpn/hubs/users/config?vpn_hub_users=1,2) or the one
// of a quick hub (GET /vpn/quick-hubs/{id}/users/config). They carry the
// hub's static key, so they are for those who manage hubs.

type Hub = Omit<HubSettings, 'tls_key'> & { id: number; tls_key: string | null };

/** The hub's static key, made on first use (two concurrent first uses agree: the first write wins). */
async function keyOf(db: Kysely<Database>, hub: Hub): Promise<HubSettings & { id: number }> {
  if (hub.tls_key) return { ...hub, tls_key: hub.tls_key };
  await db
    .updateTable('vpn_hubs')
    .set({ tls_key: newStaticKey() })
    .where('id', '=', hub.id)
    .where('tls_key', 'is', null)
    .execute();
  const { tls_key } = await db
    .selectFrom('vpn_hubs')
    .select('tls_key')
    .where('id', '=', hub.id)
    .executeTakeFirstOrThrow();
  return { ...hub, tls_key: tls_key! };
}

/** The hub's routes (except those through the client itself) and DHCP options. */
async function extrasOf(db: Kysely<Database>, hubId: number, clientId?: number) {
  const routes = await db
    .selectFrom('vpn_hub_routes')
    .select(['ip', 'netmask'])
    .where('hub_id', '=', hubId)
    .where('hub_user_id', '!=', clientId ?? 0)
    .orderBy('id')
    .execute();
  const dhcp = await db
    .selectFrom('vpn_hub_dhcp_options')
    .select(['type', 'ip'])
    .where('hub_id', '=', hubId)
    .orderBy('type')
    .orderBy('ip')
    .execute();
  return { routes, dhcp };
}

const hostOf = (request: FastifyRequest) => request.hostname.replace(/:\d+$/, '');

export default async function vpnHubConfigs(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const manage = { preHandler: requirePermission('manage_vpn_hubs') };

  app.get('/vpn/hubs/users/config', manage, async (request) => {
    const actor = actorOf(request);
    const raw = (request.query as { vpn_hub_users?: unknown }).vpn_hub_users;
    const ids = idList(typeof raw === 'string' ? raw.split(',') : raw, 'vpn_hub_users', 'VPN hub users');
    if (!ids.length) throw invalid(['vpn_hub_users', 'The VPN hub users field is required.']);
    const users = await Promise.all(
      ids.map((id) =>
        hubUserOf(db, actor, id).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) {
            throw invalid(['vpn_hub_users', 'Some of the selected VPN hub users were not found.']);
          }
          throw error;
        }),
      ),
    );
    const data = [];
    for (const user of users) {
      const hub = await keyOf(db, user.hub);
      const content = clientConfig(hostOf(request), hub, user.name, await extrasOf(db, hub.id, user.id));
      data.push({ name: configName(hub.name, user.name), content });
    }
    return reportDone(ctx, actor, { total: data.length, done: data.length, failed: 0, data });
  });

  app.get('/vpn/quick-hubs/:id/users/config', manage, async (request) => {
    const actor = actorOf(request);
    const { id } = await hubOf(db, actor, routeId(request.params));
    const row = await db
      .selectFrom('vpn_hubs')
      .select(['id', 'name', 'port', 'ip', 'netmask', 'zone', 'vpn_type', 'tls_key'])
      .where('id', '=', id)
      .where('quick_hub', '=', 1)
      .executeTakeFirst();
    if (!row) throw notFound('VPN hub not found.');
    const hub = await keyOf(db, row);
    const data = {
      name: configName(hub.name),
      content: clientConfig(hostOf(request), hub, hub.name, await extrasOf(db, hub.id)),
    };
    return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data });
  });
}
