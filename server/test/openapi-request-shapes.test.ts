import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { rows, tokenClient, useServer, type Client } from './harness';
import { sources } from './openapi/conforms';

// Request bodies and query parameters as the vendor's OpenAPI writes them
// (issue 29, items 4 and 5), sent with a personal access token as an RMS API
// client sends them.

const { server, superAdmin } = useServer({ superAdmin: 'super@example.com' });
let api: Client;

beforeAll(async () => {
  api = (await tokenClient(server, superAdmin, TOKEN_SCOPES, 'shapes')).client;
});

const device = (serial: string, mac: string) => ({
  company_id: 1,
  device_series: 'rut',
  serial,
  mac,
  imei: '',
  password_confirmation: 'Secret-1',
});
const devicesBySerial = async (serials: string[]) =>
  rows(await api.get(`/api/devices?limit=100&q=${serials[0].slice(0, 6)}`)).filter((d) =>
    serials.includes(String(d.serial)),
  );

describe('request bodies as the OpenAPI writes them', () => {
  it('POST /devices takes {data: [...]}, checks every device before writing any, and keeps the flat form body', async () => {
    const listed = await api.post('/api/devices', {
      data: [device('7100000001', '00:1E:42:71:00:01'), device('7100000002', '00:1E:42:71:00:02')],
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(201);
    expect(listed.body.data).toHaveLength(2);
    expect(await devicesBySerial(['7100000001', '7100000002'])).toHaveLength(2);
    // The second device is refused by the form (its serial is taken): the first is not written either.
    const refused = await api.post('/api/devices', {
      data: [device('7200000001', '00:1E:42:72:00:01'), device('7100000001', '00:1E:42:72:00:02')],
    });
    expect(refused.status).toBe(422);
    expect(sources(refused)).toEqual(['data.1.serial']);
    const missing = await api.post('/api/devices', { data: [{ company_id: 1, device_series: 'rut' }] });
    expect(missing.status).toBe(422);
    expect(sources(missing)).toContain('data.0.serial');
    expect(await devicesBySerial(['7200000001'])).toHaveLength(0);
    // The add-device form's flat body.
    const flat = await api.post('/api/devices', device('7300000001', '00:1E:42:73:00:01'));
    expect(flat.status).toBe(201);
    expect(flat.body.data).toMatchObject({ id: expect.any(Number) });
  });

  it('PUT /companies/{id} takes the email the OpenAPI requires beside the name', async () => {
    const reply = await api.put('/api/companies/3', { name: 'Acme Nordics AS', email: ' nordics@example.com' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(((await api.get('/api/companies/3')).body.data as { name: string }).name).toBe('Acme Nordics AS');
    const bad = await api.put('/api/companies/3', { name: 'Acme Nordics Oy', email: 'not an address' });
    expect(bad.status).toBe(422);
    expect(sources(bad)).toEqual(['email']);
    expect(((await api.get('/api/companies/3')).body.data as { name: string }).name).toBe('Acme Nordics AS');
  });

  it('PUT /roles/{id} is a partial update: no title needed; permissions by id', async () => {
    const custom = rows(await api.get('/api/roles?limit=100')).find((r) => r.company_id !== null)!;
    const described = await api.put(`/api/roles/${custom.id}`, { id: custom.id, description: 'Edited by a client' });
    expect(described.status, JSON.stringify(described.body)).toBe(200);
    const role = (await api.get(`/api/roles/${custom.id}`)).body.data as { title: string; description: string };
    expect(role).toMatchObject({ title: custom.title, description: 'Edited by a client' });
    const permission = rows(await api.get(`/api/roles/${custom.id}/permissions?limit=1`))[0];
    const byId = await api.put(`/api/roles/${custom.id}`, { id: custom.id, permission_id: [permission.id] });
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect(rows(await api.get(`/api/roles/${custom.id}/permissions?limit=100`)).map((p) => p.id)).toEqual([
      permission.id,
    ]);
    const other = await api.put(`/api/roles/${custom.id}`, { id: Number(custom.id) + 1000, description: 'x' });
    expect(other.status).toBe(422);
    expect(sources(other)).toEqual(['id']);
    // The console's edit still goes through the edit-role form: a blank title is refused.
    expect((await api.put(`/api/roles/${custom.id}`, { title: ' ' })).status).toBe(422);
  });

  it('PUT /devices/{id} takes every field the OpenAPI names, any of them, and the name alone as the form sends it', async () => {
    const [before] = rows(await api.get('/api/devices?company_id=1&limit=1&sort=id'));
    const tag = rows(await api.get('/api/tags?company_id=1&limit=1'))[0].id as number;
    const changes = {
      description: 'Edited by a client',
      dynamic_monitoring: 0,
      gps_monitoring: 600,
      user_set_latitude: 54.6872,
      user_set_longitude: 25.2797,
    };
    const reply = await api.put(`/api/devices/${before.id}`, { ...changes, tag_id: [tag] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const after = (await api.get(`/api/devices/${before.id}`)).body.data as Record<string, unknown>;
    expect(after).toMatchObject({ ...changes, name: before.name });
    expect((after.tags as { id: number }[]).map((t) => t.id)).toEqual([tag]);
    // Refused values name their field and change nothing.
    for (const [bad, source] of [
      [{ gps_monitoring: 5 }, 'gps_monitoring'],
      [{ user_set_latitude: 91 }, 'user_set_latitude'],
      [{ tag_id: [999_999] }, 'tag_id'],
      [{ name: ' ' }, 'name'],
      [{ password_confirmation: 'Secret-1' }, 'password_confirmation'],
    ] as const) {
      const refused = await api.put(`/api/devices/${before.id}`, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(422);
      expect([...new Set(sources(refused))]).toEqual([source]);
    }
    expect((await api.get(`/api/devices/${before.id}`)).body.data).toEqual(after);
    const renamed = await api.put(`/api/devices/${before.id}`, { name: ' Client gateway ' });
    expect(renamed.status).toBe(200);
    expect((await api.get(`/api/devices/${before.id}`)).body.data).toMatchObject({ name: 'Client gateway' });
  });

  it('PUT /tags/{id} is a partial update: a description alone keeps the name', async () => {
    const tag = rows(await api.get('/api/tags?company_id=1&limit=1'))[0];
    const reply = await api.put(`/api/tags/${tag.id}`, { description: 'Edited by a client' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await api.get(`/api/tags/${tag.id}`)).body.data).toMatchObject({
      name: tag.name,
      description: 'Edited by a client',
    });
    // The console's edit still goes through the edit-tag form: a blank name is refused.
    expect((await api.put(`/api/tags/${tag.id}`, { name: ' ' })).status).toBe(422);
  });
});

describe('query parameters as the OpenAPI types them', () => {
  it('GET /devices?status= takes online, offline and not_activated (and ne:), and the stored codes', async () => {
    const all = rows(await api.get('/api/devices?limit=1000&fields=id,status'));
    for (const [name, code] of [
      ['online', 1],
      ['offline', 0],
      ['not_activated', 3],
    ] as const) {
      const reply = await api.get(`/api/devices?limit=1000&fields=id,status&status=${name}`);
      expect(reply.status).toBe(200);
      const found = rows(reply);
      expect(found.map((d) => d.id)).toEqual(all.filter((d) => d.status === code).map((d) => d.id));
      expect((reply.body.meta as { total: number }).total).toBe(found.length);
      const negated = rows(await api.get(`/api/devices?limit=1000&fields=id,status&ne:status=${name}`));
      expect(negated.length).toBe(all.length - found.length);
    }
    expect(rows(await api.get('/api/devices?limit=1000&status=online,offline')).length).toBe(
      all.filter((d) => d.status === 0 || d.status === 1).length,
    );
    expect(rows(await api.get('/api/devices?limit=1000&status=1')).length).toBe(
      all.filter((d) => d.status === 1).length,
    );
    expect(all.filter((d) => d.status === 1).length).toBeGreaterThan(0);
  });

  it('a value outside the enum is a 422 with its source, never an empty list', async () => {
    for (const [url, source] of [
      ['/api/devices?status=sleeping', 'status'],
      ['/api/devices?ne:status=sleeping', 'ne:status'],
      ['/api/devices?status=online,7', 'status'],
      ['/api/hotspots?status=sleeping', 'status'],
    ]) {
      const reply = await api.get(url);
      expect(reply.status, url).toBe(422);
      expect(sources(reply), url).toEqual([source]);
    }
  });
});
