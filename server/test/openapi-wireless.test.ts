import { describe, expect, it } from 'vitest';
import { loadDocument, operations } from '../openapi/document';
import { type Reply, rows, useServer } from './harness';
import { strictValidator } from './openapi/strict-schema';

// Device wireless interfaces over real HTTP: the seeded Wi-Fi devices report
// two interfaces whose counters grew with each report; the graph of one
// interface has a point per report, and is refused for an unknown interface
// and to another tenant.

const document = loadDocument();
const validate = strictValidator(document);
const ops = new Map(operations(document).map((op) => [`${op.method} ${op.path}`, op]));

const { admin, globex } = useServer({ admin: 'admin@example.com', globex: 'globex.admin@example.com' });

function strict(key: string, reply: Reply, status = 200) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const check = validate(ops.get(key)!, status)!;
  expect(check(reply.body) ? [] : check.errors).toEqual([]);
  return reply;
}

describe('device wireless', () => {
  it('lists the interfaces and graphs one of them', async () => {
    let url = '';
    let wlans: Record<string, unknown>[] = [];
    for (const device of rows(await admin.get('/api/devices?company_id=1&sort=id&limit=20'))) {
      url = `/api/devices/${String(device.id)}/wireless`;
      wlans = rows(strict('GET /devices/{device_id}/wireless', await admin.get(url)));
      if (wlans.length) break;
    }
    expect(wlans.map((w) => w.wlan_id)).toEqual(['wlan0', 'wlan1']);
    expect(wlans[0].received as number).toBeGreaterThan(0);
    const graph = strict('GET /devices/{device_id}/wireless/graph', await admin.get(`${url}/graph?wlan=wlan0`));
    const [series] = graph.body.data as Record<string, { received: number; created_at: string }[]>[];
    expect(series.wlan0).toHaveLength(6);
    expect(series.wlan0.at(-1)).toMatchObject({ received: wlans[0].received, created_at: '2026-11-01 00:00:00' });
    const unknown = await admin.get(`${url}/graph?wlan=wlan9`);
    expect(unknown.status).toBe(422);
    expect((unknown.body.errors as { source: string }[])[0].source).toBe('wlan');
    expect((await admin.get(`${url}/graph`)).status).toBe(422);
    expect((await globex.get(url)).status).toBe(404);
    expect((await globex.get(`${url}/graph?wlan=wlan0`)).status).toBe(404);
  });
});
