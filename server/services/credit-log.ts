import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { jobKeyOf } from './job-log';

// The credit log of devices (GET /credits/history, the credit reports):
// switching a device's credit usage on or off (PUT /devices/credit) is
// recorded per device with who did it and the company's pool of the credit
// type, as a record of kind credit_log of the device's company, once per
// job and device: a chunk the job runs again (resumed) logs nothing twice.

/** The OpenAPI's action_type of each logged action, and its name in the reports. */
export const CREDIT_ACTIONS: Record<number, string> = { 1: 'Credits enabled', 2: 'Credits disabled' };

export async function recordCreditLogs(
  db: Kysely<Database>,
  log: { userId: number; creditTypeId: number; rows: Record<string, number> },
  ids: number[],
  at: string,
  jobKey: string,
): Promise<void> {
  const devices = await db
    .selectFrom('devices')
    .select(['id', 'company_id'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  if (!devices.length) return;
  const pools = await db
    .selectFrom('credits')
    .select(['id', 'company_id'])
    .where('credit_type_id', '=', log.creditTypeId)
    .where('company_id', 'in', [...new Set(devices.map((d) => d.company_id))])
    .orderBy('id')
    .execute();
  const poolOf = (companyId: number) => pools.find((p) => p.company_id === companyId)?.id ?? null;
  await db
    .insertInto('records')
    .values(
      devices.map((d) => ({
        kind: 'credit_log',
        company_id: d.company_id,
        name: log.rows[d.id] ? CREDIT_ACTIONS[1] : CREDIT_ACTIONS[2],
        status: 'completed',
        details: JSON.stringify({
          device_id: d.id,
          user_id: log.userId,
          pool_id: poolOf(d.company_id),
          action_type: log.rows[d.id] ? 1 : 2,
        }),
        created_at: at,
        job_key: jobKeyOf(jobKey, d.id),
      })),
    )
    .onConflict((oc) => oc.column('job_key').doNothing())
    .execute();
}
