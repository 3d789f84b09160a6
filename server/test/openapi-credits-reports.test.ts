import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, rows, useServer } from './harness';
import { strict } from './openapi/conforms';
import { closeSockets, completed } from './sockets';

// The credit history and credit reports over real HTTP: switching device
// credits logs each device with who did it; a company's report over a period
// gathers that log, moves to child companies, transfer codes and data
// purchases, as JSON and as a PDF; a pool's report is a PDF; other tenants
// are refused and bad periods name their parameter.

const { server, admin, globex } = useServer({ admin: 'admin@example.com', globex: 'globex.admin@example.com' });
afterAll(closeSockets);

/** A PDF answer: its bytes as text (the document's own structure is ASCII). */
async function pdf(client: Client, url: string) {
  const response = await client.raw('GET', url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const text = Buffer.from(await response.arrayBuffer()).toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  return text;
}

const TODAY = new Date().toISOString().slice(0, 10);
const PERIOD = `company_id=1&start_date=2020-01-01&end_date=${TODAY}`;
let devices: Record<string, unknown>[];
let me: { id: number; username: string };

beforeAll(async () => {
  me = (await admin.get('/api/user')).body.data as { id: number; username: string };
  devices = rows(await admin.get('/api/devices?company_id=1&sort=id&limit=2'));
  const data = devices.map((d, i) => ({ device_id: d.id, credit_enabled: i ? 0 : 1 }));
  const reply = await admin.put('/api/devices/credit', { credit_type_id: 1, data });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  expect((await completed(server.url, admin, reply, 201)).done).toBe(2);
});

describe('credit history', () => {
  it('lists the device credit log of the caller’s companies, filtered by device', async () => {
    const history = rows(strict('GET /credits/history', await admin.get('/api/credits/history?limit=100')));
    expect(history.map((h) => [h.serial, h.action_type, h.user_id, h.user])).toEqual([
      [devices[1].serial, 2, me.id, me.username],
      [devices[0].serial, 1, me.id, me.username],
    ]);
    const one = rows(await admin.get(`/api/credits/history?device_id=${String(devices[0].id)}`));
    expect(one.map((h) => h.serial)).toEqual([devices[0].serial]);
    expect(rows(await admin.get(`/api/credits/history?q=${String(devices[1].serial)}`))).toHaveLength(1);
    expect(rows(await globex.get('/api/credits/history'))).toEqual([]);
  });
});

describe('credit reports', () => {
  it('reports a company’s credits over a period as JSON and as a PDF', async () => {
    const reply = strict('GET /credits/report/json', await admin.get(`/api/credits/report/json?${PERIOD}`));
    const report = reply.body.data as { totals: Record<string, number>; pool_logs: { device_serial: string }[] };
    expect(report.totals.pool_logs).toBe(2);
    expect(report.totals.credits_for_devices).toBe(1);
    expect(report.pool_logs.map((l) => l.device_serial)).toEqual(devices.map((d) => d.serial));
    const empty = (await admin.get('/api/credits/report/json?company_id=1&start_date=2020-01-01&end_date=2020-01-02'))
      .body.data as { totals: Record<string, number> };
    expect(empty.totals.pool_logs).toBe(0);
    expect(await pdf(admin, `/api/credits/report?${PERIOD}`)).toContain('/Type /Page');
    for (const [query, source] of [
      ['company_id=1&start_date=2020-01-01', 'end_date'],
      ['company_id=1&start_date=2020-13-01&end_date=2020-12-01', 'start_date'],
      ['company_id=x&start_date=2020-01-01&end_date=2020-12-01', 'company_id'],
    ]) {
      const bad = await admin.get(`/api/credits/report/json?${query}`);
      expect(bad.status, query).toBe(422);
      expect((bad.body.errors as { source: string }[])[0].source, query).toBe(source);
    }
    expect((await globex.get(`/api/credits/report/json?${PERIOD}`)).status).toBe(404);
    expect((await globex.get(`/api/credits/report?${PERIOD}`)).status).toBe(404);
  });

  it('reports one pool as a PDF to its company only', async () => {
    const pool = rows(await admin.get('/api/credits?company_id=1&limit=1'))[0];
    const text = await pdf(admin, `/api/credits/${String(pool.id)}/report`);
    expect(text).toContain(`(Credit pool ${String(pool.id)}: `);
    expect((await globex.get(`/api/credits/${String(pool.id)}/report`)).status).toBe(404);
    expect((await admin.get('/api/credits/999999/report')).status).toBe(404);
  });
});
