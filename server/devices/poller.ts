import type { AppContext } from '../context';
import { setDeviceStatus } from '../services/device-status';
import { DEVICE_TYPES } from './protocol';

// The poll schedule (one instance runs it: the Redis leader): `id` on both
// TYPE topics at start and every discoveryMs; each monitored device asked
// its dynamic parameters every dynamic monitoring interval (60 s unless set;
// 0 stops), its name every static interval (3600 s unless set), its inputs
// every I/O interval (300 s unless set; a model without them answers none) and
// its mobile data counters every 15 minutes and its hotspot clients every
// 5 minutes (a device without them answers none); the first round soon, the
// rest spread over the interval (nextIn). A round
// is missed when the device wrote nothing ("last seen" did not move) within
// answerMs; after MISSED_POLLS missed rounds in a row an online device goes
// offline.

export const DYNAMIC_PARAMETERS = ['uptime', 'signal', 'temperature', 'connection', 'network', 'operator', 'wan'];
/** The parameters asked besides the dynamic ones, each group on its own monitoring interval (0 stops it). */
const OTHER_GROUPS = {
  static: { column: 'static_monitoring', parameters: ['name'], defaultS: 3600 },
  io: { column: 'io_monitoring', parameters: ['digital1', 'digital2', 'analog'], defaultS: 300 },
  data: { column: undefined, parameters: ['sim', 'rx_day', 'tx_day'], defaultS: 900 },
  hotspot: { column: undefined, parameters: ['hotspot'], defaultS: 300 },
} as const;
type OtherGroup = keyof typeof OTHER_GROUPS;
/** The groups of our protocol extension (docs/devices-protocol.md). */
const EXTENSION_GROUPS: readonly OtherGroup[] = ['data', 'hotspot'];
const OTHER = Object.keys(OTHER_GROUPS) as OtherGroup[];
export const MISSED_POLLS = 3;
const DEFAULT_DYNAMIC_S = 60;
const RELOAD_MS = 15_000;
const TICK_MS = 250;
const FIRST_ROUNDS_PER_SECOND = 2000;

export interface PollerOptions {
  discoveryMs: number;
  answerMs: number;
  /** Overrides every device's dynamic interval (tests, benchmarks). */
  intervalMs?: number;
  /** Overrides the intervals of the extension groups: mobile data counters, hotspot clients (tests). */
  extensionIntervalMs?: number;
}

/** A group of parameters' interval (0: off), when it is next asked and whether it has been asked yet. */
interface Interval {
  ms: number;
  next: number;
  asked?: boolean;
}

interface Scheduled {
  id: number;
  serial: string;
  dynamic: Interval;
  others: Record<OtherGroup, Interval>;
  /** The round out: when it started (ISO 8601, shared by the devices of a tick) and when its answers are checked. */
  round?: { startedAt: string; checkAt: number };
  missed: number;
}

/**
 * Sends a request to a device; answers whether to go on sending now (false: the broker's connection has as much
 * unsent as it may hold, and the devices still due wait for a later tick).
 */
export type Publish = (topic: string, payload: string) => boolean;

/**
 * When a device is next asked, after a round: an interval later; after its first round, half an interval to one
 * and a half at random. Devices started together (a server start, a fleet connecting at once) are then asked
 * spread over the interval from their second round on, not all in the same few seconds of every interval (at
 * 10,000 devices that burst took each instance's recorder ten seconds to write).
 */
const nextIn = (ms: number, asked: boolean | undefined) => (asked ? ms : ms / 2 + Math.random() * ms);

/** Whether a group is due now; when it is, its next time is set. */
function due(interval: Interval, now: number): boolean {
  if (!interval.ms || now < interval.next) return false;
  interval.next = now + nextIn(interval.ms, interval.asked);
  interval.asked = true;
  return true;
}

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
      .select(['id', 'serial', 'dynamic_monitoring', 'static_monitoring', 'io_monitoring'])
      .where('monitoring_enabled', '=', 1)
      .execute();
    const seen = new Set<number>();
    // A new device's first round comes soon (within 5 s), so a started server shows values at once; a fleet
    // of more than 10,000 at FIRST_ROUNDS_PER_SECOND (a burst of 100,000 first rounds grew the heap by 300 MB).
    const within = Math.max(5000, (rows.length / FIRST_ROUNDS_PER_SECOND) * 1000);
    const soon = (ms: number) => now + Math.random() * Math.min(ms, within);
    for (const row of rows) {
      const dynamicMs = options.intervalMs ?? (row.dynamic_monitoring ?? DEFAULT_DYNAMIC_S) * 1000;
      if (!dynamicMs) continue;
      seen.add(row.id);
      // Updated in place: a reload of a large fleet makes no new objects for the devices it knows.
      let known = schedule.get(row.id);
      if (!known) {
        const others = {} as Scheduled['others'];
        for (const group of OTHER) others[group] = { ms: 0, next: 0 };
        const dynamic = { ms: dynamicMs, next: soon(dynamicMs) };
        known = { id: row.id, serial: row.serial, dynamic, others, missed: 0 };
        schedule.set(row.id, known);
      }
      known.serial = row.serial;
      known.dynamic.ms = dynamicMs;
      for (const group of OTHER) {
        const { column, defaultS } = OTHER_GROUPS[group];
        const other = known.others[group];
        other.ms =
          EXTENSION_GROUPS.includes(group) && options.extensionIntervalMs
            ? options.extensionIntervalMs
            : ((column && row[column]) ?? defaultS) * 1000;
        if (!other.next) other.next = soon(other.ms);
      }
    }
    for (const id of schedule.keys()) if (!seen.has(id)) schedule.delete(id);
  }

  async function checkRounds(now: number) {
    const ended: Scheduled[] = [];
    for (const s of schedule.values()) if (s.round && s.round.checkAt <= now) ended.push(s);
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
        const { startedAt } = s.round!;
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
    let open = true;
    let startedAt: string | undefined;
    for (const s of schedule.values()) {
      // The rest stay due: the broker takes them on a later tick (a whole fleet's first round at once queued 1 GB).
      if (!open) break;
      let topic: string | undefined;
      if (due(s.dynamic, now)) {
        // A round waits for its answers at most until the next one is due.
        startedAt ??= ctx.now().toISOString();
        s.round ??= { startedAt, checkAt: now + Math.min(options.answerMs, s.dynamic.ms) };
        topic = topics.command(s.serial);
        for (const parameter of DYNAMIC_PARAMETERS) open = publish(topic, parameter) && open;
      }
      for (const group of OTHER) {
        if (!due(s.others[group], now)) continue;
        topic ??= topics.command(s.serial);
        for (const parameter of OTHER_GROUPS[group].parameters) open = publish(topic, parameter) && open;
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
