import type { Kysely } from 'kysely';
import type { Database } from './types';
import { syncGroupDetails } from '../services/group-tasks';

// The operator's migrations: task groups whose details still name their tasks
// as bare strings (written before the tasks had rows of their own) answer
// them as the task objects their rows hold, so the edit form opens on them;
// each user's own time zone, kept with the account.

type Db = Kysely<unknown>;

/** 150: every task group's details' `tasks` rewritten from its task rows (device_tasks). */
export async function syncTaskGroupDetails(db: Db): Promise<void> {
  const typed = db as Kysely<Database>;
  const groups = await typed.selectFrom('records').select('id').where('kind', '=', 'task_group').execute();
  for (const group of groups) await syncGroupDetails(typed, group.id);
}

/** 151: users.time_zone, the IANA zone a user's dates are shown and exported in (null: the browser's). */
export async function addUserTimeZone(db: Db): Promise<void> {
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();
}
