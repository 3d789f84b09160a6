import { sql } from 'kysely';
import type { AppContext } from '../context';

// The readings devices send for the data collect configs assigned to them:
// for every enabled assignment of an enabled config on an online device whose
// last reading is a period old (or which has none), one value per variable of
// the config. The demo's device simulator calls it on each tick; the seed
// writes the history before the start with the same readings.

export type Variable = { id: string; type: string };
type ConfigData = { url: string | null; variables?: Variable[] }[];

const PHASES = ['L1', 'L2', 'L3'];

/** A reading: numbers from a small repeating pattern (so a graph has repeated values), strings from a list. */
export const reading = (variable: Variable, device: number, step: number) =>
  variable.type === 'string' ? PHASES[(device + step) % PHASES.length] : String(((device * 7 + step * 3) % 5) * 10);

/**
 * Records the readings that are due; answers how many values were written.
 * @internal Run by tests only: no device reports data-collect readings yet (issue 26), so nothing runs it.
 */
export async function collectDue(ctx: AppContext): Promise<number> {
  const { db } = ctx;
  const now = ctx.now();
  const assignments = await db
    .selectFrom('data_collect_assignments as a')
    .innerJoin('records as r', 'r.id', 'a.config_id')
    .innerJoin('devices as d', 'd.id', 'a.device_id')
    .select((eb) => [
      'a.config_id',
      'a.device_id',
      'a.period',
      'r.details',
      eb
        .selectFrom('data_collect_values as v')
        .select(sql<string>`max(v.created_at)`.as('at'))
        .whereRef('v.config_id', '=', 'a.config_id')
        .whereRef('v.device_id', '=', 'a.device_id')
        .as('last_at'),
    ])
    .where('a.enabled', '=', 1)
    .where('r.status', '=', 'enabled')
    .where('d.status', '=', 1)
    .execute();
  const values = assignments
    .filter((a) => !a.last_at || now.getTime() - Date.parse(a.last_at) >= a.period * 1000)
    .flatMap((a) => {
      const data = (JSON.parse(a.details) as { data?: ConfigData }).data ?? [];
      const step = Math.floor(now.getTime() / (a.period * 1000));
      return data.flatMap((item) =>
        (item.variables ?? []).map((v) => ({
          config_id: a.config_id,
          device_id: a.device_id,
          url: item.url ?? '',
          field: v.id,
          value: reading(v, a.device_id, step),
          created_at: now.toISOString(),
        })),
      );
    });
  if (values.length) await db.insertInto('data_collect_values').values(values).execute();
  return values.length;
}
