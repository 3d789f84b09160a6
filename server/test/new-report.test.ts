import { describe, expect, it } from 'vitest';
import newReport from '../../schemas/forms/new-report.json';
import { rows, useServer } from './harness';

// The new-report form is enforced on POST /reports: its apply list names
// devices, companies or tags as applied_by chooses, so ids of another kind are
// refused on apply_list and nothing is written; a valid report is listed at once.

const { admin, guest, superAdmin } = useServer({
  admin: 'admin@example.com',
  guest: 'guest@example.com',
  superAdmin: 'super@example.com',
});

const REPORT = { name: 'Tagged signal', type: 'periodic', period: 'day', parameters: ['signal'] };

const ids = async (path: string) => rows(await admin.get(`/api${path}?limit=100&fields=id`)).map((r) => r.id as number);
const reports = async () => rows(await admin.get('/api/reports?limit=100&sort=id'));

describe('new report', () => {
  it('refuses ids of another kind than applied_by chooses on apply_list and writes nothing', async () => {
    const tags = new Set(await ids('/tags'));
    const device = (await ids('/devices')).find((id) => !tags.has(id));
    expect(device).toBeDefined();
    const before = await reports();
    const reply = await admin.post('/api/reports', { ...REPORT, applied_by: 'tag', apply_list: [device] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(422);
    expect((reply.body.errors as { source: string }[]).map((e) => e.source)).toEqual(['apply_list']);
    expect(await reports()).toEqual(before);
  });

  it('asks for the apply list and the parameters by field, and writes nothing', async () => {
    const before = await reports();
    const reply = await admin.post('/api/reports', {
      name: 'Empty',
      type: 'single',
      period: 'week',
      applied_by: 'tag',
    });
    expect(reply.status).toBe(422);
    expect((reply.body.errors as { source: string }[]).map((e) => e.source)).toEqual(
      expect.arrayContaining(['apply_list', 'parameters']),
    );
    expect(await reports()).toEqual(before);
  });

  it('creates a report applied by tags, listed at once with its tags', async () => {
    const [tag] = await ids('/tags');
    const reply = await admin.post('/api/reports', { ...REPORT, applied_by: 'tag', apply_list: [tag] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const listed = (await reports()).find((r) => r.name === REPORT.name);
    expect(listed).toMatchObject({ applied_by: 'tag', apply_list: [tag], period: 'day' });
  });

  it('drops the custom dates of a period that is not custom (hidden fields are never stored)', async () => {
    const [device] = await ids('/devices');
    const body = { ...REPORT, name: 'Weekly uptime by device', period: 'week', applied_by: 'device' };
    const reply = await admin.post('/api/reports', {
      ...body,
      apply_list: [device],
      start_date: '2026-11-01 00:00:00',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const listed = (await reports()).find((r) => r.name === body.name)!;
    expect(listed).toMatchObject({ applied_by: 'device', apply_list: [device] });
    // Not stored: a whole record's date without a value is null.
    expect(listed.start_date).toBeNull();
  });

  it('is not offered to a guest: 403, nothing written', async () => {
    const before = await reports();
    const [tag] = await ids('/tags');
    expect((await guest.post('/api/reports', { ...REPORT, applied_by: 'tag', apply_list: [tag] })).status).toBe(403);
    // The permission comes first: an empty body tells a guest nothing of the rules.
    expect((await guest.post('/api/reports', {})).status).toBe(403);
    expect(await reports()).toEqual(before);
  });
});

describe('the form studio and the lookup switch', () => {
  type Problems = { data: { problems: { pointer: string; message: string }[] } };
  const applyList = newReport.fields.findIndex((f) => f.key === 'apply_list');

  it('checks a draft whose switch names no field or an option the choosing field lacks', async () => {
    const fields = newReport.fields.map((f) =>
      f.key === 'apply_list' ? { ...f, options: { lookupBy: 'kind', lookups: { user: { lookup: 'users' } } } } : f,
    );
    const reply = await superAdmin.post<Problems>('/api/documents/forms/new-report/check', {
      text: JSON.stringify({ ...newReport, fields }),
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data.problems).toEqual([
      expect.objectContaining({ pointer: `/fields/${applyList}/options/lookupBy`, message: 'no field kind' }),
    ]);
    const wrongOption = newReport.fields.map((f) =>
      f.key === 'apply_list'
        ? { ...f, options: { lookupBy: 'applied_by', lookups: { user: { lookup: 'users' } } } }
        : f,
    );
    const second = await superAdmin.post<Problems>('/api/documents/forms/new-report/check', {
      text: JSON.stringify({ ...newReport, fields: wrongOption }),
    });
    expect(second.body.data.problems).toEqual([
      expect.objectContaining({
        pointer: `/fields/${applyList}/options/lookups/user`,
        message: 'applied_by has no option user',
      }),
    ]);
  });

  it('dry-runs a draft: a selection while applied_by names no lookup is refused on the field', async () => {
    const fields = newReport.fields.map((f) =>
      f.key === 'applied_by' ? { ...f, options: [...(f.options as object[]), { value: 'user', label: 'User' }] } : f,
    );
    const values = { ...REPORT, applied_by: 'user', apply_list: [1] };
    const reply = await superAdmin.post<{ errors: { source: string }[] }>('/api/documents/forms/new-report/dry-run', {
      document: { ...newReport, fields },
      values,
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e) => e.source)).toEqual(['apply_list']);
    const accepted = await superAdmin.post('/api/documents/forms/new-report/dry-run', {
      document: { ...newReport, fields },
      values: { ...values, applied_by: 'tag' },
    });
    expect(accepted.status).toBe(200);
  });
});
