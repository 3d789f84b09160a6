import type { AppContext } from '../context';
import { companyChannel, LIVE_DEVICE_FIELDS } from '../../engine/device/live';
import { recordSnapshots } from './device-history';
import { companyAdmins, notify } from './notify';
import { collectDue } from './data-collect-collector';
import { closeHotspotSessions, stepHotspotSessions } from './hotspot-sessions';
import type { Random } from './session-churn';
import { prng } from '../../fixtures/devices';
import { stepVpnSessions } from './vpn-sessions';

// A device's connection status changes (reported by the device, or by the
// simulator): the change is pushed on the company channel (DeviceUpdated)
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
export async function publishDeviceUpdates(ctx: AppContext, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await ctx.db
    .selectFrom('devices')
    .select(['id', ...LIVE_DEVICE_FIELDS, 'company_id'])
    .where('id', 'in', ids)
    .execute();
  for (const { company_id, ...data } of rows)
    ctx.realtime.publish(companyChannel(company_id), 'DeviceUpdated', { data });
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
 * One step of the data planes the simulator plays: the VPN hubs' RMS and
 * custom users and the hotspots' users connect, move traffic and disconnect.
 */
export async function stepDataPlanes(ctx: AppContext, random: Random): Promise<void> {
  await stepVpnSessions(ctx, random);
  await stepHotspotSessions(ctx, random);
  ctx.version.bump();
}

/** The simulator's seed: a demo plays the same sessions every start. */
const SIMULATOR_SEED = 20261124;

/**
 * Demo mode (SIMULATE_DEVICES=1): every interval one random device of the fleet changes status and reports
 * its parameters (a history snapshot), the online devices send the data collect readings that are due, and
 * the data planes take a step (seeded).
 */
export function startDeviceSimulator(ctx: AppContext, intervalMs = 5000): () => void {
  const random = prng(SIMULATOR_SEED);
  const timer = setInterval(async () => {
    const row = await ctx.db
      .selectFrom('devices')
      .select(['id', 'status'])
      .where('status', 'in', [0, 1])
      .orderBy((eb) => eb.fn('random'))
      .limit(1)
      .executeTakeFirst();
    if (row) {
      await setDeviceStatus(ctx, row.id, row.status === 1 ? 0 : 1).catch(() => undefined);
      await recordSnapshots(ctx.db, [row.id], ctx.now()).catch(() => undefined);
    }
    await collectDue(ctx).catch(() => undefined);
    await stepDataPlanes(ctx, random).catch(() => undefined);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
