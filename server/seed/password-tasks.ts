import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

// One finished password task of Acme Networks (its first two devices, the
// passwords set and not kept for download), so the password task pages and
// GET /tasks/{id}/devices show data on a fresh start.

const TASK_ID = 'seed-password-task-acme-networks';

export async function seedPasswordTasks(db: Kysely<Database>, userId: number, at: string): Promise<void> {
  const devices = await db
    .selectFrom('devices')
    .select('id')
    .where('company_id', '=', 1)
    .orderBy('id')
    .limit(2)
    .execute();
  if (!devices.length) return;
  await db
    .insertInto('device_password_tasks')
    .values({
      id: TASK_ID,
      company_id: 1,
      user_id: userId,
      total: devices.length,
      completed: devices.length,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('device_password_task_devices')
    .values(devices.map((d) => ({ task_id: TASK_ID, device_id: d.id, status: 'completed', password: null, shown: 0 })))
    .execute();
}
