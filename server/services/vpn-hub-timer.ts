import type { AppContext } from '../context';
import { closeVpnSessions } from './vpn-sessions';

// A hub turned on for a while (PUT /vpn/hubs/{id}/toggle with a duration)
// switches off when its time is up: every instance looks every CHECK_MS, and
// the one whose update turns a hub off (RETURNING) disconnects its users, as
// turning it off by hand does.

const CHECK_MS = 5000;

/** Turns off the hubs whose time is up; answers their ids. */
export async function switchOffEndedHubs(ctx: AppContext): Promise<number[]> {
  const at = ctx.now().toISOString();
  const ended = await ctx.db
    .updateTable('vpn_hubs')
    .set({ enabled: 0, enabled_until: null, updated_at: at })
    .where('enabled', '=', 1)
    .where('enabled_until', '<=', at)
    .returning('id')
    .execute();
  const ids = ended.map((hub) => hub.id);
  if (!ids.length) return ids;
  await closeVpnSessions(ctx.db, 'hub_id', ids, at);
  ctx.version.bump();
  return ids;
}

/** Checks every CHECK_MS until the answered function stops it. */
export function startHubTimer(ctx: AppContext, log: (message: string) => void): () => void {
  const timer = setInterval(() => {
    switchOffEndedHubs(ctx).catch((error: unknown) =>
      log(`VPN hubs: switching off ended hubs failed: ${String(error)}`),
    );
  }, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
