import { sql, type Kysely } from 'kysely';

// Reports stored before they had a type (the seeded ones) are periodic reports of their period: the
// reports tabs list the single ones by type (the OpenAPI's period type), so a report without one would
// be on no tab.

export async function addReportType(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    id: number;
    details: string;
  }>`select id, details from records where kind = 'report'`.execute(db);
  for (const row of rows) {
    const details = JSON.parse(row.details) as Record<string, unknown>;
    if (details.type !== undefined) continue;
    const typed = JSON.stringify({ type: 'periodic', ...details });
    await sql`update records set details = ${typed} where id = ${row.id}`.execute(db);
  }
}
