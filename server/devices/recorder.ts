import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../context';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/types';
import { insertSnapshots, pruneHistory, type Snapshot } from '../services/device-history';
import { publishDeviceUpdates } from '../services/device-status';
import { recordHotspotClients } from '../services/hotspot-sessions';
import { readHotspotClients, type HotspotClient, type Parameter, type ParameterValue } from './protocol';

// What devices report lands in their records: the values of a device are
// gathered for SETTLE_MS after its first one (a poll round's answers come
// together), then written in one update with "last seen", one monitoring
// history snapshot (server/services/device-history.ts, read by the device
// graphs; all of one flush in one transaction and one insert), the device's
// hotspot sessions when it reported its hotspot clients, a status change to
// online if it was not (then `onOnline` hears of it: the device's pending jobs
// go out), and one DeviceUpdated.

/** The device column each stored parameter writes. */
const COLUMNS = {
  signal: 'signal',
  temperature: 'temperature',
  uptime: 'router_uptime',
  operator: 'operator',
  network: 'connection_type',
  connection: 'connection_state',
  wan: 'wan_ip',
  digital1: 'digital_input',
  digital2: 'digital_isolated_input',
  analog: 'analog_input',
} as const satisfies Partial<Record<Parameter, string>>;
type Column = (typeof COLUMNS)[keyof typeof COLUMNS];
/** Each column's PostgreSQL type, for the one update of a flush's values there. */
const PG_TYPES: Record<Column, string> = {
  signal: 'integer',
  temperature: 'double precision',
  router_uptime: 'integer',
  operator: 'text',
  connection_type: 'text',
  connection_state: 'text',
  wan_ip: 'text',
  digital_input: 'integer',
  digital_isolated_input: 'integer',
  analog_input: 'text',
};
/** The parameters kept in the monitoring history only (the data usage chart reads them), by their snapshot key. */
const HISTORY_ONLY = { sim: 'sim_slot', rx_day: 'rx_day', tx_day: 'tx_day' } as const satisfies Partial<
  Record<Parameter, string>
>;

const SETTLE_MS = 300;
/** Devices of one select or status update (bound parameters stay well under SQLite's limit). */
const SELECT_IDS = 500;
/**
 * A device's history is pruned to HISTORY_LIMIT on its first snapshot this
 * instance records and then on every PRUNE_EVERY-th: between prunes it holds
 * up to HISTORY_LIMIT + PRUNE_EVERY - 1 snapshots (more only when several
 * gateway instances record the same device).
 */
export const PRUNE_EVERY = 16;

interface Pending {
  since: number;
  /** Numbers for signal, temperature, uptime and the digital inputs, text for the rest. */
  values: Partial<Record<Column, ParameterValue>>;
  history: Snapshot;
  /** The clients signed in to its hotspots, when it reported them. */
  hotspot?: HotspotClient[];
}

/**
 * The devices of `due` (in id order) that have a record, their rows locked in id order on PostgreSQL, SELECT_IDS
 * at a time: another instance writing some of the same devices (a round's answers are shared between instances)
 * locks them in the same order, so the two wait for each other but never deadlock. SQLite's write transaction
 * holds the whole database.
 */
async function lockKnown(trx: Transaction<Database>, due: [number, Pending][]): Promise<[number, Pending][]> {
  const known = new Set<number>();
  for (let i = 0; i < due.length; i += SELECT_IDS) {
    const ids = due.slice(i, i + SELECT_IDS).map(([id]) => id);
    const select = trx.selectFrom('devices').select('id').where('id', 'in', ids).orderBy('id');
    for (const row of await (isPostgres(trx) ? select.forUpdate() : select).execute()) known.add(row.id);
  }
  return due.filter(([id]) => known.has(id));
}

/**
 * Writes each device's values with "last seen" (their rows locked: lockKnown). On PostgreSQL (a round trip a
 * statement) the values of SELECT_IDS devices are written in one update from a JSON list, a column a device did
 * not report keeping its value; SQLite runs in the process, an update a device.
 */
async function writeValues(trx: Transaction<Database>, devices: [number, Pending][], at: string): Promise<void> {
  if (!isPostgres(trx)) {
    for (const [id, entry] of devices)
      await trx
        .updateTable('devices')
        .set({ ...(entry.values as Record<string, never>), last_connection_at: at, updated_at: at })
        .where('id', '=', id)
        .execute();
    return;
  }
  const columns = Object.keys(PG_TYPES) as Column[];
  const set = sql.join(columns.map((c) => sql`${sql.ref(c)} = coalesce(v.${sql.ref(c)}, d.${sql.ref(c)})`));
  const record = sql.join(columns.map((c) => sql`${sql.ref(c)} ${sql.raw(PG_TYPES[c])}`));
  for (let i = 0; i < devices.length; i += SELECT_IDS) {
    const chunk = devices.slice(i, i + SELECT_IDS);
    const rows = JSON.stringify(chunk.map(([id, entry]) => ({ id, ...entry.values })));
    await sql`update devices as d set ${set}, last_connection_at = ${at}, updated_at = ${at}
      from jsonb_to_recordset(${rows}::jsonb) as v(id integer, ${record}) where d.id = v.id`.execute(trx);
  }
}

export class Recorder {
  private pending = new Map<number, Pending>();
  /** Snapshots recorded per device since its history was last pruned. */
  private readonly appends = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: (message: string) => void,
    private readonly onOnline: (deviceId: number) => void = () => undefined,
  ) {
    this.timer = setInterval(() => void this.flush(false), 100);
    this.timer.unref();
  }

  /** A valid value (or, with no parameter, only a sign of life) from a device. */
  seen(deviceId: number, parameter?: Parameter, value?: ParameterValue): void {
    let entry = this.pending.get(deviceId);
    if (!entry) {
      entry = { since: Date.now(), values: {}, history: {} };
      this.pending.set(deviceId, entry);
    }
    if (!parameter || value === undefined) return;
    if (parameter === 'hotspot') {
      const read = readHotspotClients(String(value));
      if (read.ok) entry.hotspot = read.clients;
      return;
    }
    const column = (COLUMNS as Partial<Record<Parameter, Column>>)[parameter];
    const historyOnly = (HISTORY_ONLY as Partial<Record<Parameter, string>>)[parameter];
    if (historyOnly) entry.history[historyOnly] = value;
    else if (column) {
      // The analog input is a number in the history's graphs and text in the record, as the RMS API types it.
      entry.values[column] = column === 'analog_input' ? String(value) : value;
      entry.history[column] = value;
    }
  }

  /** Writes what settled (everything when `all`). */
  flush(all = true): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.write(all))
      .catch((error: unknown) => {
        this.log(`device gateway: writing device values failed: ${String(error)}`);
      });
    return this.flushing;
  }

  private async write(all: boolean) {
    const cutoff = Date.now() - SETTLE_MS;
    const due: [number, Pending][] = [];
    for (const [id, entry] of this.pending) if (all || entry.since <= cutoff) due.push([id, entry]);
    if (!due.length) return;
    for (const [id] of due) this.pending.delete(id);
    due.sort(([a], [b]) => a - b);
    const { ctx } = this;
    const now = ctx.now();
    const at = now.toISOString();
    // One short write transaction per flush (on SQLite it holds the database). Then the devices not online (now:
    // the poller may have just found one offline) come online in one update per SELECT_IDS, whose RETURNING names
    // the ones this flush turned online: of two instances recording the same device only one hears of it (the
    // second waited for the first's row lock and reads its status).
    const cameOnline: number[] = [];
    const known = await ctx.db.transaction().execute(async (trx) => {
      const known = await lockKnown(trx, due);
      await writeValues(trx, known, at);
      const ids = known.map(([id]) => id);
      for (let i = 0; i < ids.length; i += SELECT_IDS) {
        const rows = await trx
          .updateTable('devices')
          .set({ status: 1 })
          .where('id', 'in', ids.slice(i, i + SELECT_IDS))
          .where('status', '!=', 1)
          .returning('id')
          .execute();
        for (const row of rows) cameOnline.push(row.id);
      }
      const snapshots = known.filter(([, entry]) => Object.keys(entry.history).length);
      await insertSnapshots(
        trx,
        now,
        snapshots.map(([deviceId, entry]) => ({ deviceId, data: entry.history })),
      );
      for (const [id] of snapshots) if (this.countAppend(id)) await pruneHistory(trx, id);
      for (const [id, entry] of known) if (entry.hotspot) await recordHotspotClients(trx, id, entry.hotspot, at);
      return known;
    });
    ctx.version.bump();
    await publishDeviceUpdates(
      ctx,
      known.map(([id]) => id),
    );
    for (const id of cameOnline) this.onOnline(id);
  }

  /** Counts a snapshot of a device; true when its history is to be pruned now (its first, then every PRUNE_EVERY). */
  private countAppend(deviceId: number): boolean {
    const count = this.appends.get(deviceId);
    const due = count === undefined || count + 1 >= PRUNE_EVERY;
    this.appends.set(deviceId, due ? 0 : count + 1);
    return due;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush(true);
  }
}
