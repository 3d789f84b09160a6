import type { AppContext } from '../context';
import { setDeviceStatus } from '../services/device-status';
import { DEVICE_TYPES } from './protocol';

// The poll schedule (one instance runs it: the Redis leader): `id` on both
// TYPE topics at start and every discoveryMs; each monitored device asked
// its dynamic parameters every dynamic monitoring interval (60 s unless set;
// 0 stops) and its name every static interval (3600 s unless set). A round
// is missed when the device wrote nothing ("last seen" did not move) within
// answerMs; after MISSED_POLLS missed rounds in a row an online device goes
// offline.

export const DYNAMIC_PARAMETERS = ['uptime', 'signal', 'temperature', 'connection', 'network', 'operator', 'wan'];
const STATIC_PARAMETERS = ['name'];
export const MISSED_POLLS = 3;
const DEFAULT_DYNAMIC_S = 60;
const DEFAULT_STATIC_S = 3600;
const RELOAD_MS = 15_000;
const TICK_MS = 250;

export interface PollerOptions {
  discoveryMs: number;
  answerMs: number;
  /** Overrides every device's dynamic interval (tests, benchmarks). */
  intervalMs?: number;
}

interface Scheduled {
  id: number;
  serial: string;
  dynamicMs: number;
  staticMs: number;
  nextDynamic: number;
  nextStatic: number;
  round?: { startedAt: Date; checkAt: number };
  missed: number;
}

export type Publish = (topic: string, payload: string) => void;

export function startPoller(
  ctx: AppContext,
  topics: { discover: (type: 'router' | 'device') => string; command: (serial: string) => string },
  publish: Publish,
  options: PollerOptions,
  log: (message: string) => void,
): () => void {
  const schedule = new Map<number, Scheduled>();
  let nextDiscovery = 0;
  let nextReload = 0;
  let busy = false;

  async function reload(now: number) {
    const rows = await ctx.db
      .selectFrom('devices')
      .select(['id', 'serial', 'dynamic_monitoring', 'static_monitoring'])
      .where('monitoring_enabled', '=', 1)
      .execute();
    const seen = new Set<number>();
    for (const row of rows) {
      const dynamicMs = options.intervalMs ?? (row.dynamic_monitoring ?? DEFAULT_DYNAMIC_S) * 1000;
      if (!dynamicMs) continue;
      seen.add(row.id);
      const staticMs = (row.static_monitoring ?? DEFAULT_STATIC_S) * 1000;
      const known = schedule.get(row.id);
      if (known) Object.assign(known, { serial: row.serial, dynamicMs, staticMs });
      // A new device's first round comes soon, spread over its interval so the fleet is not asked at once.
      else
        schedule.set(row.id, {
          id: row.id,
          serial: row.serial,
          dynamicMs,
          staticMs,
          nextDynamic: now + Math.random() * Math.min(dynamicMs, 5000),
          nextStatic: now + Math.random() * Math.min(staticMs, 5000),
          missed: 0,
        });
    }
    for (const id of schedule.keys()) if (!seen.has(id)) schedule.delete(id);
  }

  async function checkRounds(now: number) {
    const ended = [...schedule.values()].filter((s) => s.round && s.round.checkAt <= now);
    for (let i = 0; i < ended.length; i += 500) {
      const chunk = ended.slice(i, i + 500);
      const rows = await ctx.db
        .selectFrom('devices')
        .select(['id', 'status', 'last_connection_at'])
        .where(
          'id',
          'in',
          chunk.map((s) => s.id),
        )
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const s of chunk) {
        const row = byId.get(s.id);
        const startedAt = s.round!.startedAt.toISOString();
        s.round = undefined;
        if (!row) continue;
        if (row.last_connection_at && row.last_connection_at >= startedAt) s.missed = 0;
        else s.missed += 1;
        if (s.missed >= MISSED_POLLS && row.status === 1) {
          log(`device ${s.serial} missed ${s.missed} polls: offline`);
          await setDeviceStatus(ctx, s.id, 0);
        }
      }
    }
  }

  async function tick() {
    const now = Date.now();
    if (now >= nextDiscovery) {
      nextDiscovery = now + options.discoveryMs;
      for (const type of DEVICE_TYPES) publish(topics.discover(type), 'id');
    }
    if (now >= nextReload) {
      nextReload = now + RELOAD_MS;
      await reload(now);
    }
    await checkRounds(now);
    for (const s of schedule.values()) {
      if (now >= s.nextDynamic) {
        s.nextDynamic = now + s.dynamicMs;
        // A round waits for its answers at most until the next one is due.
        if (!s.round) s.round = { startedAt: ctx.now(), checkAt: now + Math.min(options.answerMs, s.dynamicMs) };
        for (const parameter of DYNAMIC_PARAMETERS) publish(topics.command(s.serial), parameter);
      }
      if (s.staticMs && now >= s.nextStatic) {
        s.nextStatic = now + s.staticMs;
        for (const parameter of STATIC_PARAMETERS) publish(topics.command(s.serial), parameter);
      }
    }
  }

  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    tick()
      .catch((error: unknown) => log(`device poller: ${String(error)}`))
      .finally(() => (busy = false));
  }, TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
