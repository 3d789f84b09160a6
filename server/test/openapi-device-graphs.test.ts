import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, operations } from '../openapi/document';
import { type Client, type Reply, rows, useServer } from './harness';
import { strictValidator } from './openapi/strict-schema';
import { closeSockets, completed } from './sockets';

// Device graphs and the information history over real HTTP: the seeded
// fleet's first devices reported a snapshot every hour up to the seed time
// (2026-11-01 00:00 UTC); a metrics refresh records one more. Reads are
// strict to the OpenAPI, scoped to the caller's companies, and refuse bad
// periods and parameters naming the parameter.

const document = loadDocument();
const validate = strictValidator(document);
const ops = new Map(operations(document).map((op) => [`${op.method} ${op.path}`, op]));

const { server, admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
});
afterAll(closeSockets);

const PERIOD = 'start_date=2026-10-31&end_date=2026-11-01';
let deviceId: number;

async function strict(client: Client, key: string, url: string, status = 200): Promise<Reply> {
  const reply = await client.get(url);
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const check = validate(ops.get(key)!, status);
  if (check) expect(check(reply.body) ? [] : check.errors).toEqual([]);
  return reply;
}

beforeAll(async () => {
  const devices = rows(await admin.get('/api/devices?company_id=1&sort=id&limit=1'));
  deviceId = devices[0].id as number;
});

describe('device graphs', () => {
  it('answers the dynamic, io and gps data of a period', async () => {
    const key = 'GET /devices/{id}/information/{type}';
    const dynamic = rows(await strict(admin, key, `/api/devices/${deviceId}/information/dynamic?${PERIOD}`));
    expect(dynamic.map((r) => r.created_at)).toEqual([
      '2026-10-31 19:00:00',
      '2026-10-31 20:00:00',
      '2026-10-31 21:00:00',
      '2026-10-31 22:00:00',
      '2026-10-31 23:00:00',
      '2026-11-01 00:00:00',
    ]);
    expect(dynamic[0]).toHaveProperty('sim1_received');
    const gps = rows(await strict(admin, key, `/api/devices/${deviceId}/information/gps?${PERIOD}`));
    expect(gps).toHaveLength(6);
    const day = rows(
      await strict(admin, key, `/api/devices/${deviceId}/information/io?start_date=2026-11-01&end_date=2026-11-01`),
    );
    expect(day).toHaveLength(1);
  });

  it('refuses bad periods and types, another tenant and a caller without the permission', async () => {
    const url = `/api/devices/${deviceId}/information/dynamic`;
    for (const [query, source] of [
      ['start_date=2026-10-31', 'end_date'],
      ['start_date=2026-02-30&end_date=2026-03-01', 'start_date'],
      ['start_date=2026-11-02&end_date=2026-11-01', 'end_date'],
      ['start_date=yesterday&end_date=2026-11-01', 'start_date'],
    ]) {
      const reply = await admin.get(`${url}?${query}`);
      expect(reply.status, query).toBe(422);
      expect((reply.body.errors as { source: string }[])[0].source, query).toBe(source);
    }
    expect((await admin.get(`/api/devices/${deviceId}/information/wifi?${PERIOD}`)).status).toBe(422);
    expect((await globex.get(`${url}?${PERIOD}`)).status).toBe(404);
    expect((await guest.get(`${url}?${PERIOD}`)).status).toBe(404);
  });

  it('answers the highest and lowest value among a company and a tag', async () => {
    const key = 'GET /devices/companies/{id}/group/data';
    const query = `parameter=temperature&${PERIOD}`;
    const { Maximum, Minimum } = (await strict(admin, key, `/api/devices/companies/1/group/data?${query}`)).body
      .data as Record<string, Record<string, number>>;
    expect(Maximum.temperature).toBeGreaterThanOrEqual(Minimum.temperature);
    expect(Maximum.device_id).toBeGreaterThan(0);
    const empty = await strict(
      admin,
      key,
      `/api/devices/companies/1/group/data?parameter=signal&start_date=2020-01-01&end_date=2020-01-02`,
    );
    expect(empty.body.data).toEqual({});
    expect((await admin.get(`/api/devices/companies/1/group/data?parameter=firmware&${PERIOD}`)).status).toBe(422);
    expect((await globex.get(`/api/devices/companies/1/group/data?${query}`)).status).toBe(404);

    const tag = await admin.post('/api/tags', { name: 'Graphed', company_id: 1 });
    expect(tag.status, JSON.stringify(tag.body)).toBe(201);
    const tagId = (tag.body.data as { id: number }).id;
    const tagUrl = `/api/devices/tags/${tagId}/group/data?parameter=router_uptime&${PERIOD}`;
    expect((await strict(admin, 'GET /devices/tags/{id}/group/data', tagUrl)).body.data).toEqual({});
    expect((await admin.put('/api/devices', { data: [{ id: deviceId, tag_id: [tagId] }] })).status).toBe(201);
    const tagged = (await strict(admin, 'GET /devices/tags/{id}/group/data', tagUrl)).body.data as Record<
      string,
      Record<string, number>
    >;
    expect([tagged.Maximum.device_id, tagged.Minimum.device_id]).toEqual([deviceId, deviceId]);
    expect((await globex.get(tagUrl)).status).toBe(404);
  });
});

describe('information history', () => {
  it('lists the report times by day and a parameter up to a moment', async () => {
    const times = await strict(
      admin,
      'GET /devices/{id}/information-history/datetimes',
      `/api/devices/${deviceId}/information-history/datetimes`,
    );
    expect(times.body.data).toEqual([
      { date: '2026-10-31', times: ['19:00:00', '20:00:00', '21:00:00', '22:00:00', '23:00:00'] },
      { date: '2026-11-01', times: ['00:00:00'] },
    ]);
    const key = 'GET /devices/{id}/information-history/parameter';
    const url = `/api/devices/${deviceId}/information-history/parameter`;
    const history = rows(await strict(admin, key, `${url}?datetime=2026-10-31 21:00:00&parameter=firmware`));
    expect(history.map((r) => r.created_at)).toEqual([
      '2026-10-31 21:00:00',
      '2026-10-31 20:00:00',
      '2026-10-31 19:00:00',
    ]);
    expect(typeof history[0].firmware).toBe('string');
    for (const bad of ['datetime=2026-10-31&parameter=signal', 'datetime=2026-10-31 21:00:00&parameter=colour']) {
      const reply = await admin.get(`${url}?${bad}`);
      expect(reply.status, bad).toBe(422);
    }
    expect((await globex.get(`${url}?datetime=2026-10-31 21:00:00&parameter=signal`)).status).toBe(404);
  });

  it('answers the recorded snapshots, at a time the datetimes list or all of them newest first, none made up', async () => {
    const key = 'GET /devices/{id}/information-history';
    const url = `/api/devices/${deviceId}/information-history`;
    const at = rows(await strict(admin, key, `${url}?datetime=2026-10-31 21:00:00`));
    expect(at).toHaveLength(1);
    expect(at[0]).toMatchObject({ device_id: deviceId });
    expect(typeof at[0].firmware).toBe('string');
    const all = await admin.get(`${url}?limit=100`);
    expect(rows(all).map((r) => r.created_at)).toEqual([
      '2026-11-01 00:00:00',
      '2026-10-31 23:00:00',
      '2026-10-31 22:00:00',
      '2026-10-31 21:00:00',
      '2026-10-31 20:00:00',
      '2026-10-31 19:00:00',
    ]);
    expect(rows(await admin.get(`${url}?datetime=2026-10-31 21:30:00`))).toEqual([]);
    // A device that has reported nothing has no history (the last seeded device).
    const last = rows(await admin.get('/api/devices?company_id=1&sort=-id&limit=1'))[0].id as number;
    expect(rows(await admin.get(`/api/devices/${last}/information-history`))).toEqual([]);
    expect((await admin.get(`${url}?datetime=yesterday`)).status).toBe(422);
    expect((await globex.get(url)).status).toBe(404);
  });

  it("answers a day's data usage from the day's last snapshot, and nothing for a device that reported none", async () => {
    const history = rows(await admin.get(`/api/devices/${deviceId}/information-history?limit=100`));
    const usage = rows(await admin.get(`/api/devices/${deviceId}/data-usage`));
    expect(usage.map((d) => d.date)).toEqual(['2026-10-31', '2026-11-01']);
    const lastOf = (date: string) => history.find((r) => String(r.created_at).startsWith(date))!;
    for (const day of usage) {
      const last = lastOf(String(day.date));
      const sim = Number(last.sim_slot);
      // The history writes the counters as the OpenAPI types them there (text), data usage as integers.
      const [rx, tx] = [Number(last.rx_day), Number(last.tx_day)];
      expect(day.modems).toEqual([{ modem_id: '1', sims: [{ sim_id: sim, data: { rx, tx } }] }]);
      expect(day[`sim${sim}_rx`]).toBe(rx);
    }
    const one = rows(await admin.get(`/api/devices/${deviceId}/data-usage?start_date=2026-11-01&end_date=2026-11-01`));
    expect(one.map((d) => d.date)).toEqual(['2026-11-01']);
    const last = rows(await admin.get('/api/devices?company_id=1&sort=-id&limit=1'))[0].id as number;
    expect(rows(await admin.get(`/api/devices/${last}/data-usage`))).toEqual([]);
    expect((await globex.get(`/api/devices/${deviceId}/data-usage`)).status).toBe(404);
  });

  // A snapshot comes from the device itself (server/devices/gateway.test.ts: a router's values land in the
  // history); with no device answering (this server runs no gateway) a metrics refresh records nothing.
  it('records no snapshot on a metrics refresh no device answers', async () => {
    const online = rows(await admin.get('/api/devices?company_id=1&status=1&sort=id&limit=1'))[0].id as number;
    const before = (await admin.get(`/api/devices/${online}/information-history/datetimes`)).body.data as {
      times: string[];
    }[];
    const reply = await admin.post('/api/devices/actions', { action: 'update_metrics_data', device_id: [online] });
    expect(reply.status).toBe(200);
    await completed(server.url, admin, reply);
    const after = (await admin.get(`/api/devices/${online}/information-history/datetimes`)).body.data as {
      times: string[];
    }[];
    const count = (days: { times: string[] }[]) => days.reduce((n, d) => n + d.times.length, 0);
    expect(count(after)).toBe(count(before));
  });
});
