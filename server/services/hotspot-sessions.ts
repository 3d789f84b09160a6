import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/types';
import { bytesUpTo, churn, type Random } from './session-churn';

// The hotspots' data plane, as the device simulator plays it: the users of
// the enabled hotspots of online devices connect and disconnect
// (session-churn.ts) and move traffic while connected. A user's session is
// the session columns of its hotspot_users row: started_at (null while
// disconnected), the client's MAC and IP, download and upload since it
// started. Sessions close when their device goes offline; a removed user
// takes its session with it.

/** Most traffic of a connected user per step. */
const DOWNLOAD_PER_STEP = 8_388_608;
const UPLOAD_PER_STEP = 1_048_576;
/** Clients are given host addresses of the hotspot's /24 from this one up. */
const FIRST_CLIENT_HOST = 10;

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

const hex = (random: Random) =>
  Math.floor(random() * 256)
    .toString(16)
    .padStart(2, '0');

/** A locally administered MAC address. */
const macAddress = (random: Random) => ['02', ...Array.from({ length: 5 }, () => hex(random))].join(':');

/** The first free client address of a hotspot's /24 network, none when it is full. */
function freeClientAddress(hotspotIp: string, taken: Set<string>) {
  const prefix = hotspotIp.split('.').slice(0, 3).join('.');
  for (let host = FIRST_CLIENT_HOST; host < 255; host++) {
    const ip = `${prefix}.${host}`;
    if (ip !== hotspotIp && !taken.has(ip)) return ip;
  }
  return undefined;
}

/**
 * One step of the hotspots' data plane: sessions on offline devices and
 * disabled hotspots close; the users of enabled hotspots of online devices churn.
 */
export async function stepHotspotSessions(ctx: AppContext, random: Random): Promise<void> {
  const { db } = ctx;
  const at = ctx.now().toISOString();
  const users = await db
    .selectFrom('hotspot_users as u')
    .innerJoin('devices as d', 'd.id', 'u.device_id')
    .innerJoin('device_hotspots as h', (join) =>
      join.onRef('h.device_id', '=', 'u.device_id').onRef('h.hotspot_index', '=', 'u.hotspot_index'),
    )
    .select(['u.id', 'u.device_id', 'u.hotspot_index', 'u.ip', 'u.started_at', 'd.status', 'h.enabled'])
    .select('h.hotspot_ip')
    .orderBy('u.id')
    .execute();
  const live = users.filter((u) => u.status === 1 && u.enabled === 1);
  const gone = users.filter((u) => u.started_at && !live.includes(u)).map((u) => u.id);
  const leaving: number[] = [];
  const taken = new Map<string, Set<string>>();
  const hotspot = (u: { device_id: number; hotspot_index: number }) => `${u.device_id}:${u.hotspot_index}`;
  for (const u of users) {
    if (!u.started_at || !u.ip) continue;
    taken.set(hotspot(u), (taken.get(hotspot(u)) ?? new Set()).add(u.ip));
  }
  for (const user of live) {
    const next = churn(Boolean(user.started_at), random);
    if (next === 'disconnect') leaving.push(user.id);
    if (next === 'traffic') {
      const download = bytesUpTo(DOWNLOAD_PER_STEP, random);
      const upload = bytesUpTo(UPLOAD_PER_STEP, random);
      await db
        .updateTable('hotspot_users')
        .set((eb) => ({ download: eb('download', '+', download), upload: eb('upload', '+', upload), updated_at: at }))
        .where('id', '=', user.id)
        .execute();
    }
    const ip = next === 'connect' ? freeClientAddress(user.hotspot_ip, taken.get(hotspot(user)) ?? new Set()) : null;
    if (!ip) continue;
    taken.set(hotspot(user), (taken.get(hotspot(user)) ?? new Set()).add(ip));
    await db
      .updateTable('hotspot_users')
      .set({ started_at: at, mac: macAddress(random), ip, download: 0, upload: 0, updated_at: at })
      .where('id', '=', user.id)
      .execute();
  }
  await closeHotspotSessions(db, 'id', [...gone, ...leaving], at);
}
