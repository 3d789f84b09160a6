import { describe, expect, it } from 'vitest';
import { type Client, rows, signedIn, useServer } from './harness';
import { expectConforms, sources } from './openapi/conforms';
import { collectDue } from '../services/data-collect-collector';

// Data collect over real HTTP: configs created, changed and removed, assigned
// to devices and unassigned, the assignments and collection logs listed, and
// what the devices collected (seeded history) read back per device, counted
// and listed per parameter; within the caller's companies, refused input
// changing nothing, answers checked strictly against the OpenAPI.

const { server, admin, globex } = useServer({ admin: 'admin@example.com', globex: 'globex.admin@example.com' });

async function seeded(client: Client, name: string) {
  const config = rows(await client.get('/api/data-collect/configs?limit=100')).find(
    (c) => (c.config as { name: string }).name === name,
  );
  return config as Record<string, unknown> & { id: number };
}

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Signal quality',
  description: 'Modem signal every minute',
  company_id: 1,
  api_version: '1.0',
  api_system: 'rutos',
  period: 60,
  enabled: true,
  device_documentation_id: 1,
  data: [{ url: '/modems/status', variables: [{ id: 'rsrp', type: 'number', filter: '$.data.rsrp' }] }],
  ...overrides,
});

describe('data collect configs', () => {
  it('creates, changes, assigns, unassigns and removes a config, read back each time', async () => {
    const created = await admin.post('/api/data-collect/configs', body());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expectConforms('POST /data-collect/configs', created);
    const id = (created.body.data as { id: number }).id;
    const read = async () => rows(await admin.get(`/api/data-collect/configs?id=${id}`))[0];
    expect(await read()).toMatchObject({
      id,
      enabled: true,
      period: 60,
      device_count: 0,
      config: { name: 'Signal quality', description: 'Modem signal every minute', api_system: 'rutos' },
    });

    // A variable described and transformed by an evaluator, as the OpenAPI's PUT names them.
    const variable = {
      id: 'rsrp',
      type: 'number',
      filter: '$.data.rsrp',
      description: 'Reference signal received power',
      transform: { evaluator: 'lua', eval_var: 'rsrp', expression: 'rsrp / 10' },
    };
    const data = [{ url: '/modems/status', variables: [variable] }];
    const changed = await admin.put(`/api/data-collect/configs/${id}`, body({ name: 'Signal', enabled: false, data }));
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expectConforms('PUT /data-collect/configs/{}', changed);
    expect(await read()).toMatchObject({ enabled: false, config: { name: 'Signal', data } });

    const devices = rows(await admin.get('/api/devices?company_id=1&limit=2&sort=id')).map((d) => d.id as number);
    const assigned = await admin.put('/api/data-collect/configs/assign', {
      configs: [{ id: String(id), device_id: devices, period: 120, enabled: true }],
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expectConforms('PUT /data-collect/configs/assign', assigned);
    const list = await admin.get(`/api/data-collect/configs/assigned?config_id=${id}`);
    expectConforms('GET /data-collect/configs/assigned', list);
    expect(rows(list)).toHaveLength(2);
    expect(rows(list)[0]).toMatchObject({ config_id: id, period: 120, enabled: true, fields_count: 1, editable: true });
    expect((await read()).device_count).toBe(2);

    const unassigned = await admin.put(`/api/data-collect/configs/${id}/unassign`, { device_id: [devices[0]] });
    expect(unassigned.status).toBe(200);
    expectConforms('PUT /data-collect/configs/{}/unassign', unassigned);
    expect(rows(await admin.get(`/api/data-collect/configs/assigned?config_id=${id}`)).map((a) => a.device_id)).toEqual(
      [devices[1]],
    );

    const removed = await admin.delete(`/api/data-collect/configs/${id}`);
    expect(removed.status).toBe(200);
    expectConforms('DELETE /data-collect/configs/{}', removed);
    expect(await read()).toBeUndefined();
    expect(rows(await admin.get(`/api/data-collect/configs/assigned?config_id=${id}`))).toEqual([]);
  });

  it('refuses bad input, other companies’ configs and callers without the permission, changing nothing', async () => {
    const config = await seeded(admin, 'Modbus energy meters');
    const path = `/api/data-collect/configs/${config.id}`;
    const snapshot = async () => ({
      config: rows(await admin.get(`/api/data-collect/configs?id=${config.id}`))[0],
      assigned: rows(await admin.get(`/api/data-collect/configs/assigned?config_id=${config.id}&limit=100`)),
    });
    const before = await snapshot();
    const total = async () => ((await admin.get('/api/data-collect/configs')).body.meta as { total: number }).total;
    const count = await total();
    for (const [payload, source] of [
      [body({ period: 0 }), 'period'],
      [body({ company_id: 5 }), 'company_id'],
      [body({ device_documentation_id: 999 }), 'device_documentation_id'],
      [body({ api_system: 'windows' }), 'api_system'],
      [body({ name: 'x'.repeat(256) }), 'name'],
      [body({ data: [{ url: '/x', variables: [{ id: 'bad id', type: 'number' }] }] }), 'data.0.variables.0.id'],
      [body({ extra: 1 }), 'extra'],
      [{ ...body(), enabled: undefined }, 'enabled'],
    ] as const) {
      for (const reply of [await admin.post('/api/data-collect/configs', payload), await admin.put(path, payload)]) {
        expect(reply.status, JSON.stringify(reply.body)).toBe(422);
        expect(sources(reply)).toContain(source);
      }
    }
    const theirs = (await globex.get('/api/devices?limit=1')).body.data as { id: number }[];
    for (const [payload, source] of [
      [
        { configs: [{ id: String(config.id), device_id: [theirs[0].id], period: 60, enabled: true }] },
        'configs.0.device_id',
      ],
      [{ configs: [{ id: '999999', device_id: [1], period: 60, enabled: true }] }, 'configs.0.id'],
      [{ configs: [{ id: String(config.id), device_id: [], period: 60, enabled: true }] }, 'configs.0.device_id'],
      [{ configs: [] }, 'configs'],
    ] as const) {
      const reply = await admin.put('/api/data-collect/configs/assign', payload);
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      expect(sources(reply)).toContain(source);
    }
    const unassign = await admin.put(`${path}/unassign`, { device_id: [theirs[0].id] });
    expect(unassign.status).toBe(422);
    expect(sources(unassign)).toEqual(['device_id']);

    // Another tenant: the config is not there for them.
    expect((await globex.put(path, body({ company_id: 5 }))).status).toBe(404);
    expect((await globex.delete(path)).status).toBe(404);
    expect((await globex.put(`${path}/unassign`, { device_id: [1] })).status).toBe(404);
    const foreign = await globex.put('/api/data-collect/configs/assign', {
      configs: [{ id: String(config.id), device_id: [theirs[0].id], period: 60, enabled: true }],
    });
    expect(sources(foreign)).toEqual(['configs.0.id']);
    expect(
      rows(await globex.get('/api/data-collect/configs/assigned?limit=100')).map((a) => a.config_id),
    ).not.toContain(config.id);
    // Read-only: no writes.
    const guest = await signedIn(server, 'guest@example.com');
    expect((await guest.post('/api/data-collect/configs', body({ company_id: 4 }))).status).toBe(403);
    expect((await guest.delete(path)).status).toBe(403);
    expect(await snapshot()).toEqual(before);
    expect(await total()).toBe(count);
  });
});

describe('collected data', () => {
  it('reads a device’s seeded readings by time range, counts and lists a parameter’s values', async () => {
    const config = await seeded(admin, 'Modbus energy meters');
    const [assignment] = rows(await admin.get(`/api/data-collect/configs/assigned?config_id=${config.id}`));
    const device = assignment.device_id as number;

    const range = 'start_date=2026-10-31 23:00:00&end_date=2026-11-01 00:00:00';
    const data = await admin.get(`/api/devices/${device}/custom-data?${range}&config_id=${config.id}&limit=100`);
    expectConforms('GET /devices/{}/custom-data', data);
    expect(data.body.meta).toMatchObject({ total: 12 });
    const last = rows(data).at(-1)!;
    expect(last.created_at).toBe('2026-11-01T00:00:00.000Z');
    expect(Object.keys((last.data as Record<string, Record<string, unknown>>)['/modbus/meters/status']).sort()).toEqual(
      ['phase', 'power'],
    );
    const narrow = await admin.get(
      `/api/devices/${device}/custom-data?start_date=2026-11-01 00:00:00&end_date=2026-11-01 00:00:00`,
    );
    expect(narrow.body.meta).toMatchObject({ total: 1 });
    for (const query of [
      'start_date=yesterday&end_date=2026-11-01 00:00:00',
      'start_date=2026-11-01 00:00:00',
      'start_date=2026-02-30 00:00:00&end_date=2026-11-01 00:00:00',
    ]) {
      const refused = await admin.get(`/api/devices/${device}/custom-data?${query}`);
      expect(refused.status, query).toBe(422);
      expect(sources(refused)[0]).toMatch(/_date$/);
    }
    expect((await globex.get(`/api/devices/${device}/custom-data?${range}`)).status).toBe(404);

    const field = encodeURIComponent(`${config.id}:/modbus/meters/status:power`);
    const graph = await admin.get(`/api/data-collect/data/graph?field=${field}`);
    expectConforms('GET /data-collect/data/graph', graph);
    const counts = (graph.body.data as Record<string, Record<string, number>>).power;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(36);
    const values = await admin.get(`/api/data-collect/data/values?field=${field}`);
    expectConforms('GET /data-collect/data/values', values);
    expect((values.body.data as Record<string, string[]>).power).toEqual(Object.keys(counts).sort());
    expect((await admin.get(`/api/data-collect/data/values?field=x:y`)).status).toBe(422);
    // Another tenant's field reads as no data.
    expect((await globex.get(`/api/data-collect/data/graph?field=${field}`)).body.data).toEqual({});

    const fields = await admin.get('/api/devices/data/fields?limit=100');
    expectConforms('GET /devices/data/fields', fields);
    expect(rows(fields).find((f) => f.id === config.id)).toMatchObject({
      name: 'Modbus energy meters',
      fields: [
        { id: 'power', url: '/modbus/meters/status' },
        { id: 'phase', url: '/modbus/meters/status' },
      ],
    });
    expect(rows(await globex.get('/api/devices/data/fields?limit=100')).map((f) => f.id)).not.toContain(config.id);

    const logs = await admin.get(`/api/data-collect/configs/logs?config_id=${config.id}`);
    expectConforms('GET /data-collect/configs/logs', logs);
    expect(rows(logs)[0].log).toEqual([expect.stringContaining('Variable retrieval failed')]);
    expect(rows(await globex.get(`/api/data-collect/configs/logs?config_id=${config.id}`))).toEqual([]);
  });
});

describe('readings', () => {
  it('records the readings that are due for the enabled assignments of online devices', async () => {
    const created = await admin.post('/api/data-collect/configs', body());
    const id = (created.body.data as { id: number }).id;
    // The devices that are online send the readings that are due (the demo simulator's tick), read back.
    const [online, paused] = rows(await admin.get('/api/devices?company_id=1&status=1&limit=2&sort=id')).map(
      (d) => d.id as number,
    );
    await admin.put('/api/data-collect/configs/assign', {
      configs: [
        { id, device_id: [online], period: 60, enabled: true },
        { id, device_id: [paused], period: 60, enabled: false },
      ],
    });
    expect(await collectDue(server.app.ctx)).toBeGreaterThan(0);
    expect(await collectDue(server.app.ctx)).toBe(0);
    const now = new Date().toISOString().slice(0, 10);
    const collected = await admin.get(
      `/api/devices/${online}/custom-data?config_id=${id}&start_date=${now} 00:00:00&end_date=${now} 23:59:59`,
    );
    expect(rows(collected)).toEqual([
      { data: { '/modems/status': { rsrp: expect.any(Number) } }, created_at: expect.any(String) },
    ]);
    const none = await admin.get(
      `/api/devices/${paused}/custom-data?config_id=${id}&start_date=${now} 00:00:00&end_date=${now} 23:59:59`,
    );
    expect(none.body.meta).toMatchObject({ total: 0 });
  });
});
