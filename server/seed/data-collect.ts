import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { SEED_TIME } from './roles';
import { reading, type Variable } from '../services/data-collect-collector';

// What the fleet collected before the console started, deterministic: each
// data collect config of the fixtures assigned to the first three devices of
// its company, twelve readings of every variable a period apart (ending at
// the seed time), one collection log per config; and the device API
// documentation of RutOS that configs and the configurator name.

const DEVICES = 3;
const READINGS = 12;
type ConfigDetails = { period?: number; data?: { url: string; variables: Variable[] }[] };

export async function seedDataCollect(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('api_specifications')
    .values({
      system: 'rutos',
      version: '7.06',
      name: 'rutos-7.06-api.json',
      content: JSON.stringify({
        openapi: '3.0.0',
        info: { title: 'RutOS API', version: '7.06' },
        paths: { '/system/device/status': { get: {} }, '/network/wireless/interfaces': { put: {} } },
      }),
      created_at: SEED_TIME,
      updated_at: SEED_TIME,
    })
    .execute();
  const configs = await db
    .selectFrom('records')
    .select(['id', 'company_id', 'details'])
    .where('kind', '=', 'data_collect_config')
    .orderBy('id')
    .execute();
  for (const config of configs) {
    const details = JSON.parse(config.details) as ConfigDetails;
    const period = details.period ?? 300;
    const devices = await db
      .selectFrom('devices')
      .select('id')
      .where('company_id', '=', config.company_id)
      .orderBy('id')
      .limit(DEVICES)
      .execute();
    if (!devices.length) continue;
    await db
      .insertInto('data_collect_assignments')
      .values(
        devices.map((d) => ({ config_id: config.id, device_id: d.id, period, enabled: 1, updated_at: SEED_TIME })),
      )
      .execute();
    const values = devices.flatMap((device) =>
      Array.from({ length: READINGS }, (_, step) => {
        const at = new Date(Date.parse(SEED_TIME) - (READINGS - 1 - step) * period * 1000).toISOString();
        return (details.data ?? []).flatMap((item) =>
          item.variables.map((v) => ({
            config_id: config.id,
            device_id: device.id,
            url: item.url,
            field: v.id,
            value: reading(v, device.id, step),
            created_at: at,
          })),
        );
      }).flat(),
    );
    if (values.length) await db.insertInto('data_collect_values').values(values).execute();
    const last = devices[devices.length - 1];
    const item = details.data?.[0];
    if (item) {
      const variable = item.variables[0];
      await db
        .insertInto('data_collect_logs')
        .values({
          config_id: config.id,
          device_id: last.id,
          log: JSON.stringify([
            `Variable retrieval failed: url [${item.url}], id [${variable.id}], type mismatch: can not convert actual value [N/A] to expected [${variable.type}] type`,
          ]),
          created_at: SEED_TIME,
        })
        .execute();
    }
  }
}
