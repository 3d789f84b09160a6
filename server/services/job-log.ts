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
