import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { DEVICE_RECORD_FIELDS } from '../resources/device-record';
import { rows, tokenClient, useServer, type Client } from './harness';
import { strict } from './openapi/conforms';
import { API_DATE_REGEX } from './openapi/strict-schema';

// Whole device records (issue 29, item 6): GET /devices and GET /devices/{id}
// answer every field of the OpenAPI's device record with its type (the strict
// check requires them all), the values devices report where the devices table
// holds them, and each timestamp in the one format the OpenAPI gives it.

const { server, superAdmin } = useServer({ superAdmin: 'super@example.com' });
let api: Client;
let device: Record<string, unknown>;

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

beforeAll(async () => {
  api = (await tokenClient(server, superAdmin, TOKEN_SCOPES, 'records')).client;
  device = rows(await api.get('/api/devices?limit=1&status=online&fields=id,last_connection_at'))[0];
  expect(device.last_connection_at).toEqual(expect.any(String));
});

describe('device records', () => {
  it('lists 100 devices, each with every OpenAPI field and its type', async () => {
    expect(DEVICE_RECORD_FIELDS.length).toBeGreaterThanOrEqual(142);
    const page = rows(strict('GET /devices', await api.get('/api/devices?limit=100')));
    expect(page).toHaveLength(100);
    for (const row of page) expect(Object.keys(row)).toEqual(expect.arrayContaining([...DEVICE_RECORD_FIELDS]));
    // The ones never reported here are their empty values: "" for text, null for a number.
    expect(page[0]).toMatchObject({ operator_2: '', iccid: '', signal_2: null, sent: null, altitude: null });
  });

  it('answers one device whole, and only the fields asked for with fields=', async () => {
    const one = strict('GET /devices/{id}', await api.get(`/api/devices/${String(device.id)}`)).body.data as Record<
      string,
      unknown
    >;
    expect(Object.keys(one)).toEqual(expect.arrayContaining([...DEVICE_RECORD_FIELDS]));
    expect(one).toMatchObject({ id: device.id, tags: expect.any(Array) as unknown });
    const sparse = await api.get(`/api/devices/${String(device.id)}?fields=id,name,operator_2`);
    expect(Object.keys(sparse.body.data as object).sort()).toEqual(['id', 'name', 'operator_2']);
    const listed = rows(await api.get(`/api/devices?id=${String(device.id)}&fields=id,wan_state,temperature_2`));
    expect(listed).toEqual([{ id: device.id, wan_state: '', temperature_2: null }]);
  });

  it('carries what the device reported (the device gateway writes it in the devices table)', async () => {
    const reported = { signal: -67, operator: 'Telia', connection_type: 'LTE', connection_state: 'connected' };
    await server.app.ctx.db
      .updateTable('devices')
      .set({ ...reported, wan_ip: '10.1.2.3', router_uptime: 3600 })
      .where('id', '=', device.id as number)
      .execute();
    server.app.ctx.version.bump();
    const one = strict('GET /devices/{id}', await api.get(`/api/devices/${String(device.id)}`)).body.data;
    expect(one).toMatchObject({ ...reported, wan_ip: '10.1.2.3', router_uptime: 3600 });
    const listed = rows(await api.get(`/api/devices?id=${String(device.id)}&fields=id,connection_state`));
    expect(listed).toEqual([{ id: device.id, connection_state: 'connected' }]);
  });

  it('writes each timestamp in the format the OpenAPI gives it, in the list and the item alike', async () => {
    const fields = 'id,created_at,updated_at,last_connection_at,last_update_at';
    const listed = rows(await api.get(`/api/devices?id=${String(device.id)}&fields=${fields}`))[0];
    const one = (await api.get(`/api/devices/${String(device.id)}?fields=${fields}`)).body.data;
    expect(one).toEqual(listed);
    // `pattern: Y-m-d H:i:s`
    expect(listed.created_at).toMatch(new RegExp(API_DATE_REGEX));
    expect(listed.updated_at).toMatch(new RegExp(API_DATE_REGEX));
    // `format: date-time`
    expect(listed.last_connection_at).toMatch(ISO_8601);
    expect(listed.last_update_at).toMatch(ISO_8601);
    // The same change to the second, in the two formats.
    const second = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000;
    expect(second(String(listed.last_update_at))).toBe(second(`${String(listed.updated_at).replace(' ', 'T')}Z`));
  });
});

describe('company records', () => {
  it("write updated_at (not in the OpenAPI's company) as its created_at, in the list and the item", async () => {
    const [company] = rows(await api.get('/api/companies?limit=1'));
    expect(company.created_at).toMatch(new RegExp(API_DATE_REGEX));
    expect(company.updated_at).toMatch(new RegExp(API_DATE_REGEX));
    const one = (await api.get(`/api/companies/${String(company.id)}`)).body.data as Record<string, unknown>;
    expect(one.updated_at).toBe(company.updated_at);
  });
});
