import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { syncGroupDetails, writeGroupTasks } from '../services/group-tasks';

// What the seeded company records link to: the tasks of each task group (rows
// of their own), the first devices of each automation's company, watched
// by the automation (the last of them switched off), so the automation pages
// and logs show data, and the report each generated report was made from.

const AUTOMATION_DEVICES = 3;

export async function seedRecordLinks(db: Kysely<Database>): Promise<void> {
  const records = await db
    .selectFrom('records')
    .select(['id', 'kind', 'company_id', 'details', 'created_at'])
    .where('kind', 'in', ['task_group', 'automation'])
    .orderBy('id')
    .execute();
  await linkGeneratedReports(db);
  for (const record of records) {
    if (record.kind === 'task_group') {
      await writeGroupTasks(db, record.id, record.details, record.created_at);
      await syncGroupDetails(db, record.id);
      continue;
    }
    const devices = await db
      .selectFrom('devices')
      .select('id')
      .where('company_id', '=', record.company_id)
      .orderBy('id')
      .limit(AUTOMATION_DEVICES)
      .execute();
    if (!devices.length) continue;
    await db
      .insertInto('automation_devices')
      .values(
        devices.map((d, i) => ({
          automation_id: record.id,
          device_id: d.id,
          enabled: i < AUTOMATION_DEVICES - 1 ? 1 : 0,
        })),
      )
      .execute();
  }
}

/** A seeded generated report names its report (of its company) by name; the link is the report's id. */
async function linkGeneratedReports(db: Kysely<Database>): Promise<void> {
  const records = await db
    .selectFrom('records')
    .select(['id', 'kind', 'company_id', 'name', 'details'])
    .where('kind', 'in', ['report', 'generated_report'])
    .execute();
  for (const generated of records.filter((r) => r.kind === 'generated_report')) {
    const details = JSON.parse(generated.details) as { report?: string };
    const report = records.find(
      (r) => r.kind === 'report' && r.company_id === generated.company_id && r.name === details.report,
    );
    if (!report) continue;
    await db
      .updateTable('records')
      .set({ details: JSON.stringify({ ...details, report_id: report.id }) })
      .where('id', '=', generated.id)
      .execute();
  }
}
