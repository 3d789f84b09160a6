import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

// What a bulk job logs per device carries the key "<job>:<device>"
// (records.job_key, unique): a chunk the job runs again (resumed after its
// instance died) neither logs a device twice nor acts again on one it logged.

export const jobKeyOf = (job: string, deviceId: number) => `${job}:${deviceId}`;

/** The devices of a chunk this job has not logged yet. */
export async function notYetLogged(db: Kysely<Database>, job: string, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const logged = await db
    .selectFrom('records')
    .select('job_key')
    .where(
      'job_key',
      'in',
      ids.map((id) => jobKeyOf(job, id)),
    )
    .execute();
  const seen = new Set(logged.map((row) => row.job_key));
  return ids.filter((id) => !seen.has(jobKeyOf(job, id)));
}

export interface LoggedDevice {
  id: number;
  name: string;
  company_id: number;
}

/** The devices of a chunk (in id order) with what their task log entries name. */
export const devicesOf = (db: Kysely<Database>, ids: number[]): Promise<LoggedDevice[]> =>
  db.selectFrom('devices').select(['id', 'name', 'company_id']).where('id', 'in', ids).orderBy('id').execute();

/**
 * A device task log entry (records of kind device_action_log) per device, at
 * most once per job: `entry` gives each device's status and what was done.
 */
export async function logDeviceTasks(
  db: Kysely<Database>,
  job: string,
  at: string,
  devices: LoggedDevice[],
  entry: (device: LoggedDevice) => { status: string; details: Record<string, unknown> },
): Promise<void> {
  if (!devices.length) return;
  await db
    .insertInto('records')
    .values(
      devices.map((device) => {
        const { status, details } = entry(device);
        return {
          kind: 'device_action_log',
          company_id: device.company_id,
          name: device.name,
          status,
          details: JSON.stringify({ ...details, device_id: device.id }),
          created_at: at,
          job_key: jobKeyOf(job, device.id),
        };
      }),
    )
    .onConflict((oc) => oc.column('job_key').doNothing())
    .execute();
}
