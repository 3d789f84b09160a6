import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { HotspotClient } from '../devices/protocol';

// The hotspots' data plane, as the devices report it: a user's session is
// the session columns of its hotspot_users row: started_at (null while
// signed out), the client's MAC and IP, download and upload since it
// started, as the device reports its clients (the `hotspot` parameter of
// docs/devices-protocol.md). Sessions close when their device goes offline;
// a removed user takes its session with it.

type Db = Kysely<Database>;

/** Closes the open hotspot sessions of devices, or of hotspot users (by id). */
export async function closeHotspotSessions(db: Db, by: 'device_id' | 'id', ids: number[], at: string): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('hotspot_users')
    .set({ started_at: null, mac: null, ip: null, updated_at: at })
    .where(by, 'in', ids)
    .where('started_at', 'is not', null)
    .execute();
}

/**
 * The hotspot sessions of a device as it reports the clients signed in to its
 * hotspots (the `hotspot` parameter): a user who signed in (or in again, from
 * another MAC) starts a session, a signed-in one's traffic and address are
 * the device's, and one no longer reported is gone. A user the console does
 * not know, or one of a disabled hotspot, has no session.
 */
export async function recordHotspotClients(db: Db, deviceId: number, clients: HotspotClient[], at: string) {
  const users = await db
    .selectFrom('hotspot_users as u')
    .innerJoin('device_hotspots as h', (join) =>
      join.onRef('h.device_id', '=', 'u.device_id').onRef('h.hotspot_index', '=', 'u.hotspot_index'),
    )
    .select(['u.id', 'u.hotspot_index', 'u.username', 'u.mac', 'u.started_at', 'h.enabled'])
    .where('u.device_id', '=', deviceId)
    .execute();
  const gone: number[] = [];
  for (const user of users) {
    const client =
      user.enabled === 1
        ? clients.find((c) => c.hotspot === user.hotspot_index && c.username === user.username)
        : undefined;
    if (!client) {
      if (user.started_at) gone.push(user.id);
      continue;
    }
    const { mac, ip, download, upload } = client;
    const fresh = !user.started_at || user.mac !== mac;
    await db
      .updateTable('hotspot_users')
      .set({ ...(fresh ? { started_at: at } : {}), mac, ip, download, upload, updated_at: at })
      .where('id', '=', user.id)
      .execute();
  }
  await closeHotspotSessions(db, 'id', gone, at);
}
