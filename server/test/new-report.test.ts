import { describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';

// The new-report form is enforced on POST /reports: its apply list names
// devices, companies or tags as applied_by chooses, so ids of another kind are
// refused on apply_list and nothing is written; a valid report is listed at once.

const { admin, guest } = useServer({ admin: 'admin@example.com', guest: 'guest@example.com' });

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
    expect(listed.start_date).toBeUndefined();
  });

  it('is not offered to a guest: 403, nothing written', async () => {
    const before = await reports();
    const [tag] = await ids('/tags');
    expect((await guest.post('/api/reports', { ...REPORT, applied_by: 'tag', apply_list: [tag] })).status).toBe(403);
    expect(await reports()).toEqual(before);
  });
});
