import { beforeAll, describe, expect, it } from 'vitest';
import { type Reply, rows, signedIn, useServer } from './harness';
import { expectConforms } from './openapi/conforms';

// The RMS API's writes of reports, generated reports and alert
// configurations over real HTTP: what is written reads back from the lists,
// refused input (with its source) and other tenants' records change nothing,
// and every answer has the OpenAPI's schema for its status.

const REPORT = {
  name: 'Signal by device',
  description: 'Weekly signal',
  type: 'periodic',
  period: 'week',
  parameters: ['signal', 'temperature'],
  applied_by: 'device',
};

const { server, admin, globex } = useServer({ admin: 'admin@example.com', globex: 'globex.admin@example.com' });

beforeAll(async () => {
  // Globex (outside the admin's companies) gets a report and a generated one of its own.
  const device = rows(await globex.get('/api/devices?limit=1&fields=id'))[0].id as number;
  expect((await globex.post('/api/reports', { ...REPORT, name: 'Globex', apply_list: [device] })).status).toBe(200);
  const [report] = await list('/reports', globex);
  expect((await globex.post(`/api/reports/${String(report.id)}/generate`)).status).toBe(200);
});

async function list(path: string, client = admin) {
  const reply = await client.get(`/api${path}?limit=100`);
  expect(reply.status).toBe(200);
  return rows(reply);
}

/** Each refused call answers 422 naming `source`, and `path` lists the same afterwards. */
async function expectRefused(path: string, calls: [() => Promise<Reply>, string, string | null][]) {
  const before = await list(path);
  for (const [call, key, source] of calls) {
    const reply = await call();
    expect(reply.status, `${key} ${source}: ${JSON.stringify(reply.body)}`).toBe(422);
    expectConforms(key, reply);
    expect((reply.body.errors as { source: string | null }[]).map((e) => e.source)).toContain(source);
  }
  expect(await list(path)).toEqual(before);
}

describe('reports', () => {
  it('creates a report for the caller’s devices and updates it', async () => {
    const devices = rows(await admin.get('/api/devices?company_id=1&limit=2&fields=id')).map((d) => d.id as number);
    const created = await admin.post('/api/reports', { ...REPORT, apply_list: devices });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expectConforms('POST /reports', created);
    const report = (await list('/reports')).find((r) => r.name === REPORT.name)!;
    expect(report).toMatchObject({ company_id: 1, status: 'active', period: 'week', apply_list: devices });
    const updated = await admin.put(`/api/reports/${String(report.id)}`, {
      name: 'Signal, custom',
      period: 'custom',
      start_date: '2026-11-01 00:00:00',
      end_date: '2026-11-20 00:00:00',
      is_active: false,
    });
    expectConforms('PUT /reports/{}', updated);
    expect(updated.status).toBe(200);
    expect((await list('/reports')).find((r) => r.id === report.id)).toMatchObject({
      name: 'Signal, custom',
      status: 'paused',
      period: 'custom',
      parameters: ['signal', 'temperature'],
      start_date: '2026-11-01 00:00:00',
    });
  });

  it('refuses bad reports with their source and other tenants’ items', async () => {
    const theirs = rows(await globex.get('/api/devices?limit=1&fields=id'))[0].id as number;
    const [report] = await list('/reports');
    const put = (body: unknown) => () => admin.put(`/api/reports/${String(report.id)}`, body);
    const post = (body: unknown) => () => admin.post('/api/reports', body);
    await expectRefused('/reports', [
      [post({ ...REPORT, apply_list: [theirs] }), 'POST /reports', 'apply_list'],
      [post({ ...REPORT, applied_by: 'company', apply_list: [5] }), 'POST /reports', 'apply_list'],
      [post({ ...REPORT, apply_list: [1], parameters: ['cpu'] }), 'POST /reports', 'parameters.0'],
      [post({ ...REPORT, apply_list: [1], period: 'custom' }), 'POST /reports', 'start_date'],
      [post({ ...REPORT, apply_list: [1], name: 'x'.repeat(101) }), 'POST /reports', 'name'],
      [post({ ...REPORT, apply_list: [] }), 'POST /reports', 'apply_list'],
      [post({ ...REPORT, apply_list: [1], owner: 1 }), 'POST /reports', 'owner'],
      [put({ start_date: '2026-11-20 00:00:00', end_date: '2026-11-01 00:00:00' }), 'PUT /reports/{}', 'end_date'],
      [put({ applied_by: 'tag' }), 'PUT /reports/{}', 'apply_list'],
      [put({ start_date: '20 November' }), 'PUT /reports/{}', 'start_date'],
    ]);
    const [foreign] = await list('/reports', globex);
    expect((await admin.put(`/api/reports/${String(foreign.id)}`, { name: 'Mine' })).status).toBe(404);
    const guest = await signedIn(server, 'advguest@example.com');
    expect((await guest.post('/api/reports', { ...REPORT, apply_list: [1] })).status).toBe(403);
  });
});

describe('generated reports', () => {
  it('renames, describes and deletes a generated report of the caller’s companies only', async () => {
    const [generated] = await list('/reports/generated');
    const [foreign] = await list('/reports/generated', globex);
    const body = { name: 'October usage', description: 'For the board' };
    expect((await globex.put(`/api/reports/generated/${String(generated.id)}`, body)).status).toBe(404);
    expect((await globex.delete(`/api/reports/generated/${String(generated.id)}`)).status).toBe(404);
    await expectRefused('/reports/generated', [
      [
        () => admin.put(`/api/reports/generated/${String(generated.id)}`, { name: 'X' }),
        'PUT /reports/generated/{}',
        'description',
      ],
    ]);
    const edited = await admin.put(`/api/reports/generated/${String(generated.id)}`, body);
    expectConforms('PUT /reports/generated/{}', edited);
    expect((await list('/reports/generated')).find((r) => r.id === generated.id)).toMatchObject(body);
    const removed = await admin.delete(`/api/reports/generated/${String(generated.id)}`);
    expectConforms('DELETE /reports/generated/{}', removed);
    expect(removed.status).toBe(200);
    expect((await list('/reports/generated')).map((r) => r.id)).not.toContain(generated.id);
    expect((await list('/reports/generated', globex)).map((r) => r.id)).toContain(foreign.id);
  });
});

describe('alert configurations', () => {
  it('edits a configuration: disabled, it no longer lists as enabled', async () => {
    const [configuration] = await list('/alerts-configurations');
    const reply = await admin.put(`/api/alerts-configurations/${String(configuration.id)}`, {
      subject: 'Router down',
      message: 'A router went offline',
      enable: false,
      redundancy_enable: true,
      redundancy_interval: 15,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectConforms('PUT /alerts-configurations/{}', reply);
    const read = await admin.get(`/api/alerts-configurations/${String(configuration.id)}`);
    expectConforms('GET /alerts-configurations/{}', read);
    expect(read.body.data).toMatchObject({ status: 'disabled', subject: 'Router down', redundancy_interval: 15 });
  });

  it('refuses bad values and another company’s SMTP configuration or record', async () => {
    const [configuration] = await list('/alerts-configurations');
    const path = `/api/alerts-configurations/${String(configuration.id)}`;
    const key = 'PUT /alerts-configurations/{}';
    const [smtp] = await list('/email-configurations', globex);
    await expectRefused('/alerts-configurations', [
      [() => admin.put(path, { redundancy_interval: 0 }), key, 'redundancy_interval'],
      [() => admin.put(path, { enable: 'yes' }), key, 'enable'],
      [() => admin.put(path, {}), key, null],
      ...(smtp ? [[() => admin.put(path, { smtp_config_id: smtp.id }), key, 'smtp_config_id'] as const] : []),
      [() => admin.put(path, { smtp_config_id: 999999 }), key, 'smtp_config_id'],
    ] as [() => Promise<Reply>, string, string | null][]);
    expect((await globex.put(path, { subject: 'Theirs' })).status).toBe(404);
  });
});
