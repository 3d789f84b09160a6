import { describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';

// The new-remote-access and new-vpn-hub forms are enforced by the server on
// their calls: what the console refuses is refused with the same message on the
// field, nothing is stored; a valid submission creates the entry, listed at once.

const { admin, guest } = useServer({ admin: 'admin@example.com', guest: 'guest@example.com' });

const sourcesOf = (body: Record<string, unknown>) =>
  (body.errors as { source: string; message: string }[]).map((e) => [e.source, e.message]);

describe('new remote access', () => {
  const valid = async () => ({
    device_id: rows(await admin.get('/api/devices?limit=1&fields=id'))[0].id,
    name: 'Plant WebUI',
    protocol: 'https',
  });

  it('refuses a bad protocol, address and port on their fields and stores nothing', async () => {
    const before = (await admin.get('/api/devices/remote-access?limit=1')).body.meta;
    const reply = await admin.post('/api/devices/remote-access', {
      ...(await valid()),
      protocol: 'gopher',
      destination_ip: '300.1.1.1',
      destination_port: 70000,
    });
    expect(reply.status).toBe(422);
    const sources = sourcesOf(reply.body).map(([source]) => source);
    expect(sources).toEqual(expect.arrayContaining(['protocol', 'destination_ip', 'destination_port']));
    expect(sourcesOf(reply.body)).toContainEqual(['destination_ip', expect.stringMatching(/IPv4|IP address/)]);
    expect((await admin.get('/api/devices/remote-access?limit=1')).body.meta).toEqual(before);
  });

  it('asks for the required fields by name', async () => {
    const reply = await admin.post('/api/devices/remote-access', {});
    expect(reply.status).toBe(422);
    expect(sourcesOf(reply.body).map(([source]) => source)).toEqual(
      expect.arrayContaining(['device_id', 'name', 'protocol']),
    );
  });

  it('creates the entry with the protocol port, listed at once', async () => {
    const reply = await admin.post('/api/devices/remote-access', await valid());
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const id = (reply.body.data as { id: number }).id;
    const listed = rows(await admin.get('/api/devices/remote-access?limit=100&sort=-id'));
    expect(listed.find((row) => row.id === id)).toMatchObject({ name: 'Plant WebUI', destination_port: 443 });
  });

  it('is not offered to a guest: 403', async () => {
    expect((await guest.post('/api/devices/remote-access', await valid())).status).toBe(403);
  });
});

describe('new VPN hub', () => {
  it('refuses a two-letter name on the field and another tenant company', async () => {
    const short = await admin.post('/api/vpn/hubs', { company_id: 1, name: 'ab' });
    expect(short.status).toBe(422);
    expect(sourcesOf(short.body).map(([source]) => source)).toContain('name');
    const foreign = await admin.post('/api/vpn/hubs', { company_id: 999_999, name: 'Elsewhere' });
    expect(foreign.status).toBe(422);
    expect(sourcesOf(foreign.body).map(([source]) => source)).toContain('company_id');
  });

  it('creates a quick-connect hub, listed at once', async () => {
    const reply = await admin.post('/api/vpn/hubs', { company_id: 1, name: 'Harbour hub', quick_hub: true });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const id = (reply.body.data as { id: number }).id;
    const hub = (await admin.get(`/api/vpn/hubs/${id}`)).body.data as Record<string, unknown>;
    expect(hub).toMatchObject({ name: 'Harbour hub', company_id: 1 });
  });
});

describe('edit role', () => {
  it('opens with the role permissions by name, saves a new list, and refuses an empty one', async () => {
    const permissions = rows(await admin.get('/api/roles/permissions')).map((p) => String(p.name));
    const made = await admin.post('/api/roles', {
      title: 'Edit me',
      company_id: [2],
      permission_id: [rows(await admin.get('/api/roles/permissions?limit=1'))[0].id],
    });
    const id = (made.body.data as { id: number }).id;
    expect((await admin.get(`/api/roles/${id}`)).body.data).toMatchObject({ permissions: [permissions[0]] });
    const saved = await admin.put(`/api/roles/${id}`, { title: 'Edited', permissions: permissions.slice(0, 3) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await admin.get(`/api/roles/${id}`)).body.data).toMatchObject({
      title: 'Edited',
      permissions: permissions.slice(0, 3),
    });
    const cleared = await admin.put(`/api/roles/${id}`, { title: 'Edited', permissions: [] });
    expect(cleared.status).toBe(422);
    expect(sourcesOf(cleared.body)).toEqual([['permissions', 'The permissions field is required.']]);
    expect((await admin.get(`/api/roles/${id}`)).body.data).toMatchObject({ permissions: permissions.slice(0, 3) });
  });
});
