import { describe, expect, it } from 'vitest';
import { type Client, rows, signedIn, useServer } from './harness';
import { expectConforms, sources } from './openapi/conforms';
import { completed } from './sockets';

// Device multi configuration over real HTTP: the device API documentation a
// device follows, a configuration written to devices and read back (both on
// an action channel), each request in the device's configurator log, and
// templates created and listed; within the caller's companies, refused input
// changing nothing, answers checked strictly against the OpenAPI.

const { server, admin, globex } = useServer({ admin: 'admin@example.com', globex: 'globex.admin@example.com' });

const WIFI = '/network/wireless/interfaces';

describe('device multi configuration', () => {
  it('writes a configuration to devices, reads it back and logs every request', async () => {
    const devices = rows(await admin.get('/api/devices?company_id=1&limit=2&sort=id')).map((d) => d.id as number);

    const spec = await admin.get(`/api/devices/configurator/specification?device_id=${devices.join(',')}`);
    expect(spec.status, JSON.stringify(spec.body)).toBe(200);
    expectConforms('GET /devices/configurator/specification', spec);
    const documentation = await admin.get(String(spec.body.url));
    expect(documentation.body).toMatchObject({ info: { version: '7.06' } });

    const configure = await admin.post('/api/devices/configurator/configure', {
      configuration: [
        {
          device_id: devices,
          path: WIFI,
          method: 'put',
          content_type: 'application/json',
          request_data: [JSON.stringify({ ssid: 'Depot' }), JSON.stringify({ channel: 6 })],
        },
      ],
    });
    expectConforms('POST /devices/configurator/configure', configure);
    const written = await completed(server.url, admin, configure);
    expect(written).toMatchObject({ total: 2, done: 2, failed: 0, status: 'completed' });
    const action = (written.data as { action_name: string }).action_name;

    const read = await admin.post('/api/devices/configurator/configuration', {
      device_id: devices[1],
      endpoints: [
        { path: WIFI },
        { path: '/system/device/status', search_elements: [{ search_key: 'serial' }] },
        { path: '/nothing' },
      ],
    });
    expectConforms('POST /devices/configurator/configuration', read);
    const result = await completed(server.url, admin, read);
    expect(result).toMatchObject({ total: 3, done: 2, failed: 1 });
    const endpoints = (result.data as { endpoints: { path: string; code: number; data: unknown }[] }).endpoints;
    expect(endpoints[0]).toEqual({ path: WIFI, code: 200, data: { ssid: 'Depot', channel: 6 } });
    expect(Object.keys(endpoints[1].data as object)).toEqual(['serial']);
    expect(endpoints[2].code).toBe(404);

    const logs = await admin.get(`/api/devices/${devices[1]}/configurator/logs?limit=100`);
    expectConforms('GET /devices/{}/configurator/logs', logs);
    expect(rows(logs).map((l) => [l.method, l.route, l.response_code])).toEqual([
      ['GET', '/nothing', 404],
      ['GET', '/system/device/status', 200],
      ['GET', WIFI, 200],
      ['PUT', WIFI, 200],
    ]);
    const one = await admin.get(`/api/devices/${devices[0]}/configurator/logs/${action}`);
    expectConforms('GET /devices/{}/configurator/logs/{}', one);
    expect(rows(one)).toEqual([
      expect.objectContaining({ action_name: action, display_name: 'Send configuration', request_state: 'completed' }),
    ]);

    // Removing the path: the device answers 404 for it again.
    const remove = await admin.post('/api/devices/configurator/configure', {
      configuration: [{ device_id: [devices[1]], path: WIFI, method: 'DELETE' }],
    });
    expect(await completed(server.url, admin, remove)).toMatchObject({ done: 1 });
    const again = await completed(
      server.url,
      admin,
      await admin.post('/api/devices/configurator/configuration', {
        device_id: devices[1],
        endpoints: [{ path: WIFI }],
      }),
    );
    expect(again).toMatchObject({ failed: 1 });
  });

  it('refuses bad input, other companies’ devices and callers without the permission, changing nothing', async () => {
    const [device] = rows(await admin.get('/api/devices?company_id=1&limit=1&sort=id')).map((d) => d.id as number);
    const [theirs] = rows(await globex.get('/api/devices?limit=1')).map((d) => d.id as number);
    const logCount = async () =>
      ((await admin.get(`/api/devices/${device}/configurator/logs`)).body.meta as { total: number }).total;
    const before = await logCount();
    const entry = { device_id: [device], path: WIFI, method: 'put', request_data: ['{"ssid":"X"}'] };
    for (const [configuration, source] of [
      [[{ ...entry, method: 'TRACE' }], 'configuration.0.method'],
      [[{ ...entry, request_data: ['not json'] }], 'configuration.0.request_data.0'],
      [[{ ...entry, request_data: ['[1]'] }], 'configuration.0.request_data.0'],
      [[{ ...entry, request_data: [] }], 'configuration.0.request_data'],
      // The OpenAPI bounds each request at 255 characters.
      [[{ ...entry, request_data: [JSON.stringify({ ssid: 'x'.repeat(250) })] }], 'configuration.0.request_data.0'],
      [[{ ...entry, path: 'relative' }], 'configuration.0.path'],
      [[entry, { ...entry, device_id: [theirs] }], 'configuration.1.device_id'],
      [[], 'configuration'],
    ] as const) {
      const reply = await admin.post('/api/devices/configurator/configure', { configuration });
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      expect(sources(reply)).toContain(source);
    }
    const read = await admin.post('/api/devices/configurator/configuration', { device_id: theirs, endpoints: [] });
    expect(read.status).toBe(404);
    expect((await admin.get(`/api/devices/configurator/specification?device_id=${theirs}`)).status).toBe(422);
    expect((await admin.get('/api/devices/configurator/specification?device_id=abc')).status).toBe(422);
    expect((await globex.get(`/api/devices/${device}/configurator/logs`)).status).toBe(404);
    expect((await globex.get(`/api/devices/${device}/configurator/logs/1`)).status).toBe(404);
    const guest = await signedIn(server, 'guest@example.com');
    expect((await guest.post('/api/devices/configurator/configure', { configuration: [entry] })).status).toBe(403);
    expect(await logCount()).toBe(before);
  });
});

describe('POST /devices/configurator/templates', () => {
  it('creates a template listed with its requests, refusing bad input and other companies', async () => {
    const template = [{ path: WIFI, method: 'put', content_type: 'application/json', request_data: { ssid: 'Depot' } }];
    const created = await admin.post('/api/devices/configurator/templates', {
      company_id: 2,
      name: 'Depot Wi-Fi',
      version: '7.6.1',
      template,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expectConforms('POST /devices/configurator/templates', created);
    const id = (created.body.data as { id: number }).id;
    const list = await admin.get(`/api/devices/configurator/templates?id=${id}`);
    expectConforms('GET /devices/configurator/templates', list);
    expect(rows(list)[0]).toMatchObject({ id, company_id: 2, name: 'Depot Wi-Fi', version: '7.6.1' });
    expect(JSON.parse(String(rows(list)[0].template))).toEqual(template);

    const total = async () =>
      ((await admin.get('/api/devices/configurator/templates')).body.meta as { total: number }).total;
    const count = await total();
    const body = { company_id: 1, name: 'T', version: '1.0.0', template };
    for (const [payload, source] of [
      [{ ...body, version: '1.0' }, 'version'],
      [{ ...body, company_id: 5 }, 'company_id'],
      [{ ...body, name: ' ' }, 'name'],
      [{ ...body, template: [] }, 'template'],
      [{ ...body, template: [{ path: WIFI, method: 'FETCH' }] }, 'template.0.method'],
      [{ ...body, name: undefined }, 'name'],
    ] as const) {
      const reply = await admin.post('/api/devices/configurator/templates', payload);
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      expect(sources(reply)).toContain(source);
    }
    expect(rows(await globex.get('/api/devices/configurator/templates?limit=100')).map((t) => t.id)).not.toContain(id);
    const guest = await signedIn(server, 'guest@example.com');
    expect((await guest.post('/api/devices/configurator/templates', { ...body, company_id: 4 })).status).toBe(403);
    expect(await total()).toBe(count);
  });
});

describe('POST /devices/configurator/templates/{id}/use', () => {
  const LAN = '/network/lan';
  const template = [
    { path: WIFI, method: 'put', content_type: 'application/json', request_data: { ssid: 'Template', channel: 11 } },
    { path: LAN, method: 'post', request_data: { ip: '192.168.9.1' } },
  ];
  const read = async (device: number) => {
    const reply = await admin.post('/api/devices/configurator/configuration', {
      device_id: device,
      endpoints: [{ path: WIFI }, { path: LAN }],
    });
    const done = await completed(server.url, admin, reply);
    return (done.data as { endpoints: { code: number; data: unknown }[] }).endpoints.map((e) => e.data);
  };

  it("writes the template's requests to each device's configuration on an action channel", async () => {
    const created = await admin.post('/api/devices/configurator/templates', {
      company_id: 1,
      name: 'Depot baseline',
      version: '7.6.1',
      template,
    });
    const id = (created.body.data as { id: number }).id;
    const devices = rows(await admin.get('/api/devices?company_id=1&limit=3&sort=-id')).map((d) => d.id as number);

    const use = await admin.post(`/api/devices/configurator/templates/${id}/use`, { device_id: devices });
    expect(use.status, JSON.stringify(use.body)).toBe(200);
    expectConforms('POST /devices/configurator/templates/{}/use', use);
    expect(use.body).toEqual({ success: true, meta: { channel: expect.any(String) } });
    expect(await completed(server.url, admin, use)).toMatchObject({ total: 3, done: 3, failed: 0 });

    for (const device of devices) {
      expect(await read(device)).toEqual([{ ssid: 'Template', channel: 11 }, { ip: '192.168.9.1' }]);
      const logs = rows(await admin.get(`/api/devices/${device}/configurator/logs?limit=100`));
      expect(logs.filter((l) => l.display_name === 'Depot baseline').map((l) => [l.method, l.route])).toEqual([
        ['POST', LAN],
        ['PUT', WIFI],
      ]);
    }
  });

  it('refuses foreign templates and devices, bad selections and callers without the permission, changing nothing', async () => {
    const [device] = rows(await admin.get('/api/devices?company_id=1&limit=1&sort=id')).map((d) => d.id as number);
    const [their] = rows(await globex.get('/api/devices?limit=1'));
    const theirs = their.id as number;
    const created = await admin.post('/api/devices/configurator/templates', {
      company_id: 1,
      name: 'Refused',
      version: '1.0.0',
      template: [{ path: '/refused', method: 'put', request_data: { on: 1 } }],
    });
    const id = (created.body.data as { id: number }).id;
    const foreign = await globex.post('/api/devices/configurator/templates', {
      company_id: their.company_id,
      name: 'Theirs',
      version: '1.0.0',
      template,
    });
    const theirTemplate = (foreign.body.data as { id: number }).id;
    const use = (client: Client, template: number | string, body: unknown) =>
      client.post(`/api/devices/configurator/templates/${template}/use`, body);

    for (const body of [{}, { device_id: [] }, { device_id: ['x'] }, { device_id: [device, theirs] }]) {
      const reply = await use(admin, id, body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(sources(reply)).toEqual(['device_id']);
    }
    expect((await use(admin, theirTemplate, { device_id: [device] })).status).toBe(404);
    expect((await use(admin, 'abc', { device_id: [device] })).status).toBe(404);
    const guest = await signedIn(server, 'guest@example.com');
    expect((await use(guest, id, { device_id: [device] })).status).toBe(403);
    const refused = await admin.post('/api/devices/configurator/configuration', {
      device_id: device,
      endpoints: [{ path: '/refused' }],
    });
    expect(await completed(server.url, admin, refused)).toMatchObject({ failed: 1 });
  });
});
