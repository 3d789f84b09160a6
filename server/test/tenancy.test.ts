import { describe, expect, it } from 'vitest';
import { rows, signedIn, useServer, type Client } from './harness';

// baltics.admin (Acme Baltics, level 2) acts on Acme Baltics and Vilnius
// Field Ops only: Nordics (4) and Globex (5) records answer 404, never 403,
// and never appear in lists.

const { server, baltics, globex } = useServer({
  baltics: 'baltics.admin@example.com',
  globex: 'globex.admin@example.com',
});
const NORDICS = 4;
const GLOBEX = 5;

async function firstIdOf(client: Client, path: string, companyId: number) {
  const list = await client.get(`${path}${path.includes('?') ? '&' : '?'}company_id=${companyId}&limit=1`);
  return rows(list)[0]?.id as number;
}

describe('tenancy', () => {
  it('lists only the own company subtree', async () => {
    for (const path of [
      '/api/devices?limit=1000',
      '/api/companies?limit=100',
      '/api/tags?limit=100',
      '/api/users?limit=100',
      '/api/files?limit=100',
      '/api/vpn/hubs',
      '/api/devices/remote-access?limit=100',
      '/api/credits/codes',
      '/api/users/invitations',
    ]) {
      const reply = await baltics.get(path);
      expect(reply.status, path).toBe(200);
      const ids = rows(reply).map((r) => Number(r.company_id ?? r.id));
      expect(ids.length, path).toBeGreaterThan(0);
      for (const id of ids) expect([2, 3], `${path} company ${id}`).toContain(id);
    }
  });

  it('answers 404 for reading Nordics and Globex records', async () => {
    const superAdmin = await signedIn(server, 'super@example.com');
    const nordicsDevice = await firstIdOf(superAdmin, '/api/devices', NORDICS);
    const globexDevice = await firstIdOf(superAdmin, '/api/devices', GLOBEX);
    const globexFile = await firstIdOf(superAdmin, '/api/files', GLOBEX);
    const globexHub = await firstIdOf(superAdmin, '/api/vpn/hubs', GLOBEX);
    for (const path of [
      `/api/devices/${nordicsDevice}`,
      `/api/devices/${globexDevice}`,
      `/api/companies/${NORDICS}`,
      `/api/companies/${GLOBEX}`,
      `/api/files/${globexFile}/download`,
      `/api/vpn/hubs/${globexHub}`,
      `/api/credits/summary?company_id=${GLOBEX}`,
    ]) {
      const reply = await baltics.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toMatchObject({ success: false, errors: [{ code: 'NOT_FOUND' }] });
    }
  });

  it('refuses changes to Nordics and Globex records and leaves them intact', async () => {
    const superAdmin = await signedIn(server, 'super@example.com');
    const globexTag = await firstIdOf(superAdmin, '/api/tags', GLOBEX);
    const nordicsDevice = await firstIdOf(superAdmin, '/api/devices', NORDICS);
    expect((await baltics.put(`/api/tags/${globexTag}`, { name: 'Taken over' })).status).toBe(404);
    expect((await baltics.delete(`/api/tags/${globexTag}`)).status).toBe(404);
    expect((await baltics.put(`/api/devices/${nordicsDevice}`, { name: 'Taken over' })).status).toBe(404);
    expect((await baltics.put(`/api/companies/${GLOBEX}`, { name: 'Taken over' })).status).toBe(404);
    const tagOnGlobex = await baltics.post('/api/tags', { company_id: GLOBEX, name: 'Intruder' });
    expect(tagOnGlobex.status).toBe(422);
    expect(tagOnGlobex.body).toMatchObject({ errors: [{ source: 'company_id' }] });
    const bulk = await baltics.post('/api/devices/tags/assign', { device_id: [nordicsDevice], tag_id: 3 });
    expect(bulk.status).toBe(422);
    const tag = await globex.get(`/api/tags?id=${globexTag}`);
    expect(rows(tag)[0]).toMatchObject({ name: 'Globex core' });
    const device = await superAdmin.get(`/api/devices/${nordicsDevice}`);
    expect((device.body.data as { name: string }).name).not.toBe('Taken over');
  });

  it('keeps Globex blind to the Acme tree', async () => {
    const companies = rows(await globex.get('/api/companies'));
    expect(companies.map((c) => c.id)).toEqual([GLOBEX]);
    expect((await globex.get('/api/companies/1')).status).toBe(404);
  });

  it('end users see only their own company', async () => {
    const enduser = await signedIn(server, 'enduser@example.com');
    const devices = rows(await enduser.get('/api/devices?limit=1000'));
    expect(new Set(devices.map((d) => d.company_id))).toEqual(new Set([2]));
  });
});
