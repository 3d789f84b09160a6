import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import single from '../../schemas/pages/reports.single.json';
import day from '../../schemas/pages/reports.day.json';
import week from '../../schemas/pages/reports.week.json';
import companySingle from '../../schemas/pages/company.reports.single.json';
import companyDay from '../../schemas/pages/company.reports.day.json';
import { addReportType } from '../db/migrations-reports';
import { rows, useServer } from './harness';

// The reports tabs list what their names say, by the query their page documents send: the Single tab
// the one-off reports (the OpenAPI's `period` query is the period type, single or periodic: the report's
// `type`), the periodic tabs the periodic reports of their period. A report is created for a company
// of the caller's (the company reports tabs), and a report row names its newest generated report.

const { server, admin, baltics } = useServer({ admin: 'admin@example.com', baltics: 'baltics.admin@example.com' });

type Page = { params: Record<string, string> };
const BALTICS = 2;
const NORDICS = 4;

/** The rows a tab's page document lists (route parameters filled in), by name. */
async function listed(page: Page, route: Record<string, number> = {}) {
  const params = Object.entries(page.params).map(([key, value]) => [
    key,
    value.replace(/\{(\w+)\}/g, (_, name: string) => String(route[name])),
  ]);
  const query = new URLSearchParams([...params, ['limit', '100']]);
  const reply = await admin.get(`/api/reports?${query.toString()}`);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return rows(reply).map((r) => r.name);
}

const device = async () => rows(await admin.get('/api/devices?limit=1&fields=id'))[0].id as number;
const report = (name: string, type: string, period: string, apply: number) => ({
  name,
  type,
  period,
  parameters: ['signal'],
  applied_by: 'device',
  apply_list: [apply],
});

describe('reports tabs', () => {
  it('lists a single report created through POST /reports on the Single tab, not on a periodic one', async () => {
    const id = await device();
    expect((await admin.post('/api/reports', report('One-off signal', 'single', 'day', id))).status).toBe(200);
    expect((await admin.post('/api/reports', report('Every day signal', 'periodic', 'day', id))).status).toBe(200);
    expect(await listed(single)).toContain('One-off signal');
    expect(await listed(single)).not.toContain('Every day signal');
    expect(await listed(day)).toContain('Every day signal');
    expect(await listed(day)).not.toContain('One-off signal');
    expect(await listed(week)).not.toContain('One-off signal');
    // The seeded reports are periodic ones.
    expect(await listed(day)).toContain('Daily signal');
    expect(await listed(single)).not.toContain('Daily signal');
  });

  it('creates a report for a company of the caller, listed on that company’s tab only', async () => {
    const id = await device();
    // The company as a company tab's form sends it: the route parameter's digits.
    const body = { ...report('Baltics one-off', 'single', 'week', id), company_id: String(BALTICS) };
    expect((await admin.post('/api/reports', body)).status).toBe(200);
    expect(await listed(companySingle, { company_id: BALTICS })).toContain('Baltics one-off');
    expect(await listed(companySingle, { company_id: NORDICS })).not.toContain('Baltics one-off');
    expect(await listed(companyDay, { company_id: BALTICS })).not.toContain('Baltics one-off');
  });

  it('refuses a company outside the caller’s companies and writes nothing', async () => {
    const own = rows(await baltics.get('/api/devices?limit=1&fields=id'))[0].id as number;
    const before = await baltics.get('/api/reports?limit=100');
    const reply = await baltics.post('/api/reports', {
      ...report('Elsewhere', 'single', 'day', own),
      company_id: NORDICS,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(422);
    expect((reply.body.errors as { source: string }[]).map((e) => e.source)).toEqual(['company_id']);
    const word = await baltics.post('/api/reports', { ...report('Elsewhere', 'single', 'day', own), company_id: 'x' });
    expect(word.status).toBe(422);
    expect((await baltics.get('/api/reports?limit=100')).body).toEqual(before.body);
  });

  it('names the newest generated report of a report on its row', async () => {
    const id = await device();
    expect((await admin.post('/api/reports', report('Generated once', 'single', 'day', id))).status).toBe(200);
    const [created] = rows(await admin.get('/api/reports?q=Generated%20once'));
    expect(created.generated_report_id).toBeNull();
    const generated = await admin.post<{ data: { id: number } }>(`/api/reports/${String(created.id)}/generate`);
    expect(generated.status).toBe(200);
    const [row] = rows(await admin.get('/api/reports?q=Generated%20once'));
    expect(row.generated_report_id).toBe(generated.body.data.id);
    expect((await admin.get(`/api/reports/generated/${String(row.generated_report_id)}`)).status).toBe(200);
  });

  it('links a seeded report to the generated report made from it', async () => {
    const [seeded] = rows(await admin.get('/api/reports?q=Monthly%20data%20usage'));
    const generated = await admin.get(`/api/reports/generated/${String(seeded.generated_report_id)}`);
    expect(generated.body.data).toMatchObject({ name: 'Monthly data usage - October 2026' });
  });

  it('migrates a report stored without a type to a periodic one of its period (120_report_type)', async () => {
    const { db } = server.app.ctx;
    const untyped = { kind: 'report', company_id: 1, status: 'active', created_at: new Date().toISOString() };
    await db
      .insertInto('records')
      .values([
        { ...untyped, name: 'Untyped weekly', details: JSON.stringify({ period: 'week' }) },
        { ...untyped, name: 'Typed single', details: JSON.stringify({ type: 'single', period: 'week' }) },
      ])
      .execute();
    expect(await listed(week)).not.toContain('Untyped weekly');
    await addReportType(db as Kysely<unknown>);
    expect(await listed(week)).toContain('Untyped weekly');
    expect(await listed(week)).not.toContain('Typed single');
    expect(await listed(single)).toContain('Typed single');
  });
});
