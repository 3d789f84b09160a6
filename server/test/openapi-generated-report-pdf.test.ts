import { describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';

// A generated report as a PDF over real HTTP: the file carries the report's
// name as its title; another tenant's report is not found.

const { admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
});

describe('GET /reports/generated/{id}/pdf', () => {
  it('answers the report as a PDF to its company only', async () => {
    const report = rows(await admin.get('/api/reports/generated?company_id=1&limit=1'))[0];
    const response = await admin.raw('GET', `/api/reports/generated/${String(report.id)}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="report-${String(report.id)}.pdf"`);
    const text = Buffer.from(await response.arrayBuffer()).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain(`(${String(report.name)})`);
    expect((await globex.get(`/api/reports/generated/${String(report.id)}/pdf`)).status).toBe(404);
    expect((await guest.get(`/api/reports/generated/${String(report.id)}/pdf`)).status).toBe(404);
    expect((await admin.get('/api/reports/generated/abc/pdf')).status).toBe(404);
  });
});
