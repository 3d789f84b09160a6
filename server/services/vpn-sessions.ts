import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/types';
import { usersOfHub } from './vpn-hub-user-records';
import { dotted, ipv4, prefixOf } from './ipv4';
import { bytesUpTo, churn, type Random } from './session-churn';

// The VPN data plane of the hubs, as the device simulator plays it: RMS and
// custom hub users of enabled hubs connect and disconnect over time, their
// traffic grows while connected, and a closed session is written into the
// user's logs (vpn_hub_user_logs). Device clients are not kept here: their
// sessions follow their device's status (see the sessions route).

/** The hub user types that connect through the data plane (the OpenAPI's 'rms_user' and 'custom_user'). */
const PLANE_USER_TYPES = ['rms_user', 'custom_user'];

/** Most traffic of a connected user per step: received and sent bytes. */
const RECEIVED_PER_STEP = 4_194_304;
const SENT_PER_STEP = 1_048_576;

type Db = Kysely<Database>;

/**
 * The free host addresses of a hub's network one after another, skipping its
 * own and the `taken` ones: upwards after the hub's address (the DHCP leases
 * of device clients), or downwards from the last host (the data plane's
 * users, so that both never meet while the network has room).
 */
export function freeHosts(hub: { ip: string; netmask: string }, taken: string[], downwards = false) {
  const size = 2 ** (32 - prefixOf(hub.netmask)!);
  const base = ipv4(hub.ip)! - (ipv4(hub.ip)! % size);
  const used = new Set([hub.ip, ...taken]);
  let next = downwards ? base + size - 2 : ipv4(hub.ip)! + 1;
  const step = downwards ? -1 : 1;
  const inside = (n: number) => n > base && n < base + size - 1;
  return () => {
    while (inside(next) && used.has(dotted(next))) next += step;
    if (!inside(next)) return undefined;
    const ip = dotted(next);
    next += step;
    return ip;
  };
}

/** The open sessions of a hub with their users' names and types, oldest first. */
export function openSessions(db: Db, hubId: number) {
  return db
    .selectFrom('vpn_hub_sessions as s')
    .innerJoin('records as u', 'u.id', 's.hub_user_id')
    .select(['s.id', 's.hub_user_id', 's.ip', 's.vpn_ip', 's.bytes_send', 's.bytes_received', 's.connected_at'])
    .select(['u.name', 'u.details'])
    .where('s.hub_id', '=', hubId)
    .orderBy('s.connected_at')
    .orderBy('s.id')
    .execute();
}

/**
 * Closes the open sessions of hubs or of hub users at `at`: each is written
 * into its user's logs once (a session two callers close is logged by the one
 * that removed it) and its traffic counted into its hub's bytes_used.
 * Answers how many were closed.
 */
export async function closeVpnSessions(
  db: Db,
  by: 'hub_id' | 'hub_user_id',
  ids: number[],
  at: string,
): Promise<number> {
  if (!ids.length) return 0;
  return db.transaction().execute(async (trx) => {
    const closed = await trx.deleteFrom('vpn_hub_sessions').where(by, 'in', ids).returningAll().execute();
    if (closed.length) {
      await trx
        .insertInto('vpn_hub_user_logs')
        .values(
          closed.map((s) => ({
            hub_id: s.hub_id,
            hub_user_id: s.hub_user_id,
            session_bytes_send: Number(s.bytes_send),
            session_bytes_received: Number(s.bytes_received),
            connected_at: s.connected_at,
            ip: s.ip,
            created_at: at,
          })),
        )
        .execute();
    }
    for (const hubId of new Set(closed.map((s) => s.hub_id))) {
      const bytes = closed
        .filter((s) => s.hub_id === hubId)
        .reduce((sum, s) => sum + Number(s.bytes_send) + Number(s.bytes_received), 0);
      await trx
        .updateTable('vpn_hubs')
        .set((eb) => ({ bytes_used: eb('bytes_used', '+', bytes) }))
        .where('id', '=', hubId)
        .execute();
    }
    return closed.length;
  });
}

/**
 * One step of the data plane: sessions of disabled hubs and users close; the
 * enabled RMS and custom users of enabled hubs churn (session-churn.ts): one
 * connects from a public address on its static VPN address or a free one.
 */
export async function stepVpnSessions(ctx: AppContext, random: Random): Promise<void> {
  const { db } = ctx;
  const at = ctx.now().toISOString();
  const hubs = await db
    .selectFrom('vpn_hubs')
    .select(['id', 'company_id', 'name', 'ip', 'netmask', 'enabled'])
    .orderBy('id')
    .execute();
  for (const hub of hubs) {
    const users = hub.enabled ? await usersOfHub(db, hub) : [];
    const plane = users.filter((u) => u.status === 'enabled' && PLANE_USER_TYPES.includes(u.details.type ?? ''));
    const open = await openSessions(db, hub.id);
    const stale = open.filter((s) => !plane.some((u) => u.id === s.hub_user_id)).map((s) => s.hub_user_id);
    await closeVpnSessions(db, 'hub_user_id', stale, at);
    const leaving: number[] = [];
    const taken = [...users.flatMap((u) => (u.details.ip ? [u.details.ip] : [])), ...open.map((s) => s.vpn_ip)];
    const lease = freeHosts(hub, taken, true);
    for (const user of plane) {
      const session = open.find((s) => s.hub_user_id === user.id);
      const next = churn(Boolean(session), random);
      if (next === 'disconnect') leaving.push(user.id);
      if (next === 'traffic') await moveTraffic(db, session!.id, random);
      if (next !== 'connect') continue;
      const vpn_ip = user.details.ip ?? lease();
      if (!vpn_ip) continue;
      await db
        .insertInto('vpn_hub_sessions')
        .values({ hub_id: hub.id, hub_user_id: user.id, ip: publicAddress(random), vpn_ip, connected_at: at })
        .onConflict((oc) => oc.column('hub_user_id').doNothing())
        .execute();
    }
    await closeVpnSessions(db, 'hub_user_id', leaving, at);
  }
}

async function moveTraffic(db: Db, id: number, random: Random) {
  const received = bytesUpTo(RECEIVED_PER_STEP, random);
  const sent = bytesUpTo(SENT_PER_STEP, random);
  await db
    .updateTable('vpn_hub_sessions')
    .set((eb) => ({
      bytes_received: eb('bytes_received', '+', received),
      bytes_send: eb('bytes_send', '+', sent),
    }))
    .where('id', '=', id)
    .execute();
}

/** A client's public address, from the documentation ranges (TEST-NET-2 and -3). */
function publicAddress(random: Random) {
  const host = 1 + Math.floor(random() * 254);
  return random() < 0.5 ? `198.51.100.${host}` : `203.0.113.${host}`;
}
