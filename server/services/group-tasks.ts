import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

// The tasks of a task group as stored rows (device_tasks): made from the
// tasks a group's details name (the new-task-group form's table rows, or the
// fixtures' bare task names), and written back to the details when a task
// changes so the edit form shows what the task list holds.

type TaskInput = string | Record<string, unknown>;
const DATA_KEYS = ['command', 'acceptable_codes', 'file_id', 'target_path', 'file'];
const DEFAULT_TIMEOUT = 60;

/** A task type from a task's name when none is given (fixture names such as firmware_upload). */
const typeOf = (name: string) =>
  name.endsWith('_upload') ? 'upload_file' : name.endsWith('_download') ? 'download_file' : 'command';

/** The device_tasks rows of a group from its details' `tasks`, in order. */
export function groupTaskRows(groupId: number, details: { tasks?: TaskInput[] }, at: string) {
  return (details.tasks ?? []).map((task, i) => {
    // A form table row names its data keys beside the others; the OpenAPI's task nests them under `data`.
    const given = typeof task === 'string' ? { name: task } : task;
    const nested = typeof given.data === 'object' && given.data !== null ? (given.data as Record<string, unknown>) : {};
    const row = { ...nested, ...given };
    const name = String(row.name ?? `Task ${i + 1}`);
    const data = Object.fromEntries(
      DATA_KEYS.filter((k) => row[k] !== undefined && row[k] !== '').map((k) => [k, row[k]]),
    );
    return {
      group_id: groupId,
      position: i + 1,
      name,
      type: typeof row.type === 'string' ? row.type : typeOf(name),
      timeout: Number(row.timeout) || DEFAULT_TIMEOUT,
      stop_on_failure: row.stop_on_failure === true ? 1 : 0,
      data: JSON.stringify(data),
      created_at: at,
      updated_at: at,
    };
  });
}

/**
 * Makes a group's task rows the tasks its details name. A task of the same name keeps its row (its id) and, when
 * the details do not say (the edit form has no stop-on-failure column), its stop-on-failure setting; rows of tasks
 * no longer named are removed.
 */
export async function writeGroupTasks(db: Kysely<Database>, groupId: number, details: string, at: string) {
  const inputs = (JSON.parse(details) as { tasks?: TaskInput[] }).tasks ?? [];
  const rows = groupTaskRows(groupId, { tasks: inputs }, at);
  const unmatched = await db
    .selectFrom('device_tasks')
    .select(['id', 'name', 'stop_on_failure'])
    .where('group_id', '=', groupId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  for (const [i, row] of rows.entries()) {
    const k = unmatched.findIndex((task) => task.name === row.name);
    const kept = k >= 0 ? unmatched.splice(k, 1)[0] : undefined;
    if (!kept) {
      await db.insertInto('device_tasks').values(row).execute();
      continue;
    }
    const input = inputs[i];
    const says = typeof input === 'object' && typeof input.stop_on_failure === 'boolean';
    const { created_at: _, ...changes } = row;
    await db
      .updateTable('device_tasks')
      .set({ ...changes, stop_on_failure: says ? row.stop_on_failure : kept.stop_on_failure })
      .where('id', '=', kept.id)
      .execute();
  }
  if (unmatched.length)
    await db
      .deleteFrom('device_tasks')
      .where(
        'id',
        'in',
        unmatched.map((task) => task.id),
      )
      .execute();
}

/** Writes a group's task rows back into its details' `tasks` (form table rows). */
export async function syncGroupDetails(db: Kysely<Database>, groupId: number) {
  const group = await db.selectFrom('records').select('details').where('id', '=', groupId).executeTakeFirstOrThrow();
  const tasks = await db
    .selectFrom('device_tasks')
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const details = {
    ...(JSON.parse(group.details) as object),
    tasks: tasks.map((t) => ({
      name: t.name,
      type: t.type,
      timeout: t.timeout,
      stop_on_failure: t.stop_on_failure === 1,
      ...(JSON.parse(t.data) as object),
    })),
  };
  await db
    .updateTable('records')
    .set({ details: JSON.stringify(details) })
    .where('id', '=', groupId)
    .execute();
}
