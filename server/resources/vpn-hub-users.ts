import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { jsonInteger } from '../db/dialect';
import type { Database } from '../db/types';
import type { Actor } from '../auth/actor';
import { actorOf, canActOn, requirePermission } from '../auth/guards';
import { invalid, notFound } from '../http/envelope';
import { reportDone } from '../services/action-report';
import { ID_SCHEMA, routeId } from '../services/ids';
import { ipv4, isHost, prefixOf } from '../services/ipv4';
import { closeVpnSessions } from '../services/vpn-sessions';
import { KIND, usersOfHub, type HubUserDetails } from '../services/vpn-hub-user-records';
import { recordOf } from './record-of';

// The users (clients) of VPN hubs: RMS users, custom users and devices, kept
// as records of kind vpn_hub_user (GET /vpn/hubs/users lists them) whose
// details name the hub (vpn_hub_id; seeded ones name it by `hub`), the
// client type and object, and the client's address mode (dhcp or a static ip).

const HUB_COLUMNS = [
  'id',
  'company_id',
  'name',
  'port',
  'ip',
  'netmask',
  'zone',
  'vpn_type',
  'quick_hub',
  'tls_key',
] as const;

/** A hub named in a body (vpn_hub_id), when it is one of the caller's; a 422 on the field otherwise. */
export async function bodyHub(db: Kysely<Database>, actor: Actor, id: number, source = 'vpn_hub_id') {
  const hub = await db.selectFrom('vpn_hubs').select(HUB_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!hub || !canActOn(actor, hub.company_id)) throw invalid([source, 'The selected VPN hub is invalid.']);
  return hub;
}

/** Removes the users of hubs that go (their routes and logs go with the hubs). */
export async function removeUsersOfHubs(db: Kysely<Database>, hubIds: number[]) {
  await db
    .deleteFrom('records')
    .where('kind', '=', KIND)
    .where(jsonInteger(db, 'details', 'vpn_hub_id'), 'in', hubIds)
    .execute();
}

/** A hub user of the caller's with its hub (404 otherwise). */
export async function hubUserOf(db: Kysely<Database>, actor: Actor, id: number) {
  const row = await recordOf(db, actor, KIND, id, 'VPN hub user');
  const details = JSON.parse(row.details) as HubUserDetails;
  const hub = await db
    .selectFrom('vpn_hubs')
    .select(HUB_COLUMNS)
    .where('company_id', '=', row.company_id)
    .where((eb) => (details.vpn_hub_id ? eb('id', '=', details.vpn_hub_id) : eb('name', '=', details.hub ?? '')))
    .orderBy('id')
    .executeTakeFirst();
  if (!hub) throw notFound('VPN hub user not found.');
  return { ...row!, details, hub };
}

/** Adds a user to a hub (enabled, addressed by DHCP; the hub named by id and name) and answers its id. */
export async function addHubUser(
  db: Kysely<Database>,
  hub: { id: number; company_id: number; name: string },
  user: { name: string; type: string; object_id?: number },
  now: string,
) {
  const details: HubUserDetails = {
    vpn_hub_id: hub.id,
    hub: hub.name,
    type: user.type,
    object_id: user.object_id,
    mode: 'dhcp',
  };
  const { id } = await db
    .insertInto('records')
    .values({
      kind: KIND,
      company_id: hub.company_id,
      name: user.name,
      status: 'enabled',
      details: JSON.stringify(details),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const body = (required: string[], properties: Record<string, unknown>) => ({
  body: { type: 'object', required, additionalProperties: false, properties },
});

export default async function vpnHubUsers(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const manage = requirePermission('manage_vpn_hubs');
  const now = () => ctx.now().toISOString();

  app.post(
    '/vpn/hubs/users',
    { preHandler: manage, schema: body(['vpn_hub_id', 'user_id'], { vpn_hub_id: ID_SCHEMA, user_id: ID_SCHEMA }) },
    async (request) => {
      const actor = actorOf(request);
      const input = request.body as { vpn_hub_id: number; user_id: number };
      const hub = await bodyHub(db, actor, input.vpn_hub_id);
      const user = await db
        .selectFrom('users')
        .select(['id', 'email'])
        .where('id', '=', input.user_id)
        .where('company_id', '=', hub.company_id)
        .executeTakeFirst();
      if (!user) throw invalid(['user_id', 'Failed to find user.']);
      const users = await usersOfHub(db, hub);
      if (users.some((u) => u.details.type === 'rms_user' && u.details.object_id === user.id)) {
        throw invalid(['user_id', 'The user is already a client of this VPN hub.']);
      }
      const id = await addHubUser(db, hub, { name: user.email, type: 'rms_user', object_id: user.id }, now());
      const data = { id, value: 'User successfully added to VPN hub' };
      return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data });
    },
  );

  app.post(
    '/vpn/hubs/users/custom',
    {
      preHandler: manage,
      schema: body(['vpn_hub_id', 'username'], {
        vpn_hub_id: ID_SCHEMA,
        username: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9][A-Za-z0-9._@-]*$' },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      const input = request.body as { vpn_hub_id: number; username: string };
      const hub = await bodyHub(db, actor, input.vpn_hub_id);
      if ((await usersOfHub(db, hub)).some((u) => u.name === input.username)) {
        throw invalid(['username', 'The username has already been taken.']);
      }
      const id = await addHubUser(db, hub, { name: input.username, type: 'custom_user' }, now());
      const data = { id, value: 'User successfully added to VPN hub' };
      return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data });
    },
  );

  // The client's address: given by the hub's DHCP, or a static host address of the hub's network.
  app.post(
    '/vpn/hubs/users/:id',
    {
      preHandler: manage,
      schema: body(['mode'], {
        mode: { type: 'string', enum: ['static', 'dhcp'] },
        ip_address: { type: 'string', maxLength: 15 },
      }),
    },
    async (request) => {
      const actor = actorOf(request);
      const user = await hubUserOf(db, actor, routeId(request.params));
      const input = request.body as { mode: 'static' | 'dhcp'; ip_address?: string };
      const details: HubUserDetails = { ...user.details, mode: input.mode };
      delete details.ip;
      if (input.mode === 'static') details.ip = await staticAddress(user.id, user.hub, input.ip_address);
      await db
        .updateTable('records')
        .set({ details: JSON.stringify(details) })
        .where('id', '=', user.id)
        .execute();
      return reportDone(ctx, actor, { total: 1, done: 1, failed: 0, data: { value: 'Client IP is set.' } });
    },
  );

  async function staticAddress(userId: number, hub: Awaited<ReturnType<typeof hubUserOf>>['hub'], ip?: string) {
    const address = ipv4(ip ?? '');
    if (address === null) throw invalid(['ip_address', 'The ip address must be a valid IPv4 address.']);
    const prefix = prefixOf(hub.netmask)!;
    const network = (n: number) => Math.floor(n / 2 ** (32 - prefix));
    if (network(address) !== network(ipv4(hub.ip)!) || !isHost(address, prefix)) {
      throw invalid(['ip_address', `The ip address must be a host of the hub's network ${hub.ip}/${prefix}.`]);
    }
    if (ip === hub.ip) throw invalid(['ip_address', 'Incorrect server IP.']);
    const taken = (await usersOfHub(db, hub)).some((u) => u.id !== userId && u.details.ip === ip);
    if (taken) throw invalid(['ip_address', 'IP is used by another client']);
    return ip!;
  }

  // Its open session, routes and logs go with it.
  app.delete('/vpn/hubs/users/:id', { preHandler: manage }, async (request) => {
    const actor = actorOf(request);
    const user = await hubUserOf(db, actor, routeId(request.params));
    await db.deleteFrom('records').where('id', '=', user.id).execute();
    return reportDone(ctx, actor, {
      total: 1,
      done: 1,
      failed: 0,
      data: { value: 'User successfully removed from VPN hub.' },
    });
  });

  app.post(
    '/vpn/hubs/users/:id/toggle',
    { preHandler: manage, schema: body(['enabled'], { enabled: { type: 'boolean' } }) },
    async (request) => {
      const actor = actorOf(request);
      const user = await hubUserOf(db, actor, routeId(request.params));
      const { enabled } = request.body as { enabled: boolean };
      const status = enabled ? 'enabled' : 'disabled';
      await db.updateTable('records').set({ status }).where('id', '=', user.id).execute();
      // A disabled user is disconnected at once.
      if (!enabled) await closeVpnSessions(db, 'hub_user_id', [user.id], now());
      return reportDone(ctx, actor, {
        total: 1,
        done: 1,
        failed: 0,
        data: { value: `Successfully ${status} VPN user.` },
      });
    },
  );
}
