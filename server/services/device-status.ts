import type { AppContext } from '../context';
import { companyChannel, LIVE_DEVICE_FIELDS } from '../../engine/device/live';
import { companyAdmins, notify } from './notify';
import { closeHotspotSessions } from './hotspot-sessions';
import type { Random } from './session-churn';
import { stepVpnSessions } from './vpn-sessions';

// A device's connection status changes (the device gateway saw it answer, or
// miss its polls: server/devices/): the change is pushed on the company channel (DeviceUpdated)
// and, when a device goes offline under an enabled "offline" alert
// configuration of its company or an ancestor, the company admins get a
// deviceAlert notification; a device that is not online closes its hotspot
// sessions (its VPN client sessions follow its status by themselves).

const STATUS_TEXT = ['Offline', 'Online', 'Pending', 'Not Activated'];

async function ancestors(ctx: AppContext, companyId: number): Promise<number[]> {
  const chain: number[] = [];
  let id: number | null = companyId;
  while (id !== null && chain.length < 10) {
    chain.push(id);
    const row: { parent_id: number | null } | undefined = await ctx.db
      .selectFrom('companies')
      .select('parent_id')
      .where('id', '=', id)
      .executeTakeFirst();
    id = row?.parent_id ?? null;
  }
  return chain;
}

/** Pushes the live fields of the devices on their company channels (DeviceUpdated, one per device). */
/** Devices read per select of publishDeviceUpdates (bound parameters stay well under SQLite's limit). */
const PUBLISH_IDS = 500;

export async function publishDeviceUpdates(ctx: AppContext, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += PUBLISH_IDS) {
    const rows = await ctx.db
      .selectFrom('devices')
      .select(['id', ...LIVE_DEVICE_FIELDS, 'company_id'])
      .where('id', 'in', ids.slice(i, i + PUBLISH_IDS))
      .execute();
    for (const { company_id, ...data } of rows)
      ctx.realtime.publish(companyChannel(company_id), 'DeviceUpdated', { data });
  }
}

export async function setDeviceStatus(ctx: AppContext, deviceId: number, status: number): Promise<boolean> {
  const device = await ctx.db
    .selectFrom('devices')
    .select(['id', 'name', 'company_id', 'status'])
    .where('id', '=', deviceId)
    .executeTakeFirst();
  if (!device || device.status === status) return false;
  const now = ctx.now().toISOString();
  await ctx.db
    .updateTable('devices')
    .set({ status, updated_at: now, ...(status === 1 ? { last_connection_at: now } : {}) })
    .where('id', '=', deviceId)
    .execute();
  if (status !== 1) await closeHotspotSessions(ctx.db, 'device_id', [deviceId], now);
  ctx.version.bump();
  await publishDeviceUpdates(ctx, [deviceId]);
  if (status !== 0) return true;
  const rules = await ctx.db
    .selectFrom('records')
    .select(['details'])
    .where('kind', '=', 'alert_configuration')
    .where('status', '=', 'enabled')
    .where('company_id', 'in', await ancestors(ctx, device.company_id))
    .execute();
  if (!rules.some((r) => (JSON.parse(r.details) as { event?: string }).event === 'offline')) return true;
  const admins = await companyAdmins(ctx, device.company_id);
  await notify(ctx, admins, 'deviceAlert', `${device.name} went ${STATUS_TEXT[status]}.`);
  return true;
}

/**
 * One step of the VPN hubs' demo data plane: their RMS and custom users (laptops and tablets, not devices of
 * the fleet) connect, move traffic and disconnect. The hotspots' sessions are the devices' own reports
 * (hotspot-sessions.ts).
 * @internal Run by tests only: the seeded sessions change only when something real changes them.
 */
export async function stepDataPlanes(ctx: AppContext, random: Random): Promise<void> {
  await stepVpnSessions(ctx, random);
  ctx.version.bump();
}
