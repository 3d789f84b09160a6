import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';
import { closeSockets, completed } from './sockets';
import { switchOffEndedHubs } from '../services/vpn-hub-timer';

// VPN hubs of the RMS API over real HTTP: tags (PUT /vpn/hubs/{id}), the
// on/off toggle (on for a duration too), the information on a channel and the bulk delete; another
// tenant's hubs are refused and bad input changes nothing.

const { server, admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
});
afterAll(closeSockets);

const hub = async (id: number) => rows(await admin.get(`/api/vpn/hubs?id=${id}`))[0];
let hubId: number;
let tags: number[];

async function newHub(name: string) {
  const reply = await admin.post('/api/vpn/hubs', { name, company_id: 1 });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return (reply.body.data as { id: number }).id;
}

beforeAll(async () => {
  hubId = await newHub('Tagged hub');
  tags = rows(await admin.get('/api/tags?company_id=1&limit=2')).map((t) => t.id as number);
  expect(tags).toHaveLength(2);
});

describe('VPN hubs', () => {
  it('overwrites the tags of a hub, only with tags of its company', async () => {
    const put = (tag_id: unknown, client = admin) => client.put(`/api/vpn/hubs/${hubId}`, { tag_id });
    expect((await put(tags)).body).toEqual({ success: true });
    expect(((await hub(hubId)).tags as { id: number }[]).map((t) => t.id)).toEqual([...tags].sort((a, b) => a - b));
    expect((await put([tags[1]])).status).toBe(200);
    expect((await hub(hubId)).tags).toEqual([expect.objectContaining({ id: tags[1], company_id: 1 })]);
    const globexTag = rows(await globex.get('/api/tags?limit=1'))[0].id;
    for (const bad of [[globexTag], [tags[0], tags[0]], ['x'], 5]) {
      const reply = await put(bad);
      expect(reply.status, JSON.stringify(bad)).toBe(422);
      expect((reply.body.errors as { source: string }[])[0].source).toMatch(/^tag_id/);
    }
    expect((await hub(hubId)).tags).toEqual([expect.objectContaining({ id: tags[1] })]);
    expect((await put([globexTag], globex)).status).toBe(404);
    expect((await put([], guest)).status).toBe(403);
    expect((await put([])).status).toBe(200);
    expect((await hub(hubId)).tags).toEqual([]);
    // The edit form names the hub's company, which cannot change.
    const moved = await admin.put(`/api/vpn/hubs/${hubId}`, { company_id: 2, tag_id: [tags[0]] });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'A VPN hub cannot change its company.', source: 'company_id' },
    ]);
    expect((await admin.put(`/api/vpn/hubs/${hubId}`, { company_id: 1, tag_id: [tags[0]] })).status).toBe(200);
    expect((await hub(hubId)).tags).toEqual([expect.objectContaining({ id: tags[0] })]);
  });

  it('creates a hub from the OpenAPI’s whole body: description, zone, tunnel type, tags of its company', async () => {
    const body = {
      name: 'Whole hub',
      company_id: 1,
      quick_hub: true,
      description: ' Lab hub ',
      hub_zone: 'bahrain-1',
      vpn_type: 'tap',
      tag_id: tags,
    };
    const created = await admin.post('/api/vpn/hubs', body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body.data as { id: number }).id;
    expect(await hub(id)).toMatchObject({
      name: 'Whole hub',
      description: 'Lab hub',
      tag_id: [...tags].sort((a, b) => a - b),
    });
    const config = await completed(server.url, admin, await admin.get(`/api/vpn/quick-hubs/${id}/users/config`));
    const { content } = config.data as { content: string };
    expect(content).toMatch(/^dev tap$/m);
    expect(content).toMatch(/^# zone bahrain-1$/m);

    // Bad input is refused on its field, and no hub is created.
    const globexTag = rows(await globex.get('/api/tags?limit=1'))[0].id;
    const named = async () => rows(await admin.get('/api/vpn/hubs?q=Refused%20hub')).length;
    for (const [bad, source] of [
      [{ hub_zone: 'mars-1' }, 'hub_zone'],
      [{ vpn_type: 'ppp' }, 'vpn_type'],
      [{ tag_id: [globexTag] }, 'tag_id'],
      [{ description: 'x'.repeat(256) }, 'description'],
      [{ name: undefined }, 'name'],
    ] as const) {
      const reply = await admin.post('/api/vpn/hubs', { ...body, name: 'Refused hub', ...bad });
      expect(reply.status, JSON.stringify(bad)).toBe(422);
      expect((reply.body.errors as { source: string }[]).map((e) => e.source)).toEqual([source]);
    }
    expect(await named()).toBe(0);
  });

  it('edits the description of a hub (the OpenAPI vpn_hub_update), keeping what the body leaves out', async () => {
    const put = (body: unknown) => admin.put(`/api/vpn/hubs/${hubId}`, body);
    expect((await put({ tag_id: [tags[0]] })).status).toBe(200);
    expect((await put({ description: '  Rack 4, Riga  ' })).status).toBe(200);
    const described = await hub(hubId);
    expect(described.description).toBe('Rack 4, Riga');
    // Its tags were left out of the body: kept.
    expect(described.tags).toEqual([expect.objectContaining({ id: tags[0] })]);
    expect(rows(await admin.get('/api/vpn/hubs?limit=100')).find((h) => h.id === hubId)?.description).toBe(
      'Rack 4, Riga',
    );
    expect((await put({ description: 'x'.repeat(256) })).status).toBe(422);
    expect((await put({ tag_id: [] })).status).toBe(200);
    expect(await hub(hubId)).toMatchObject({ description: 'Rack 4, Riga', tags: [] });
    for (const cleared of ['', null]) {
      expect((await put({ description: 'again' })).status).toBe(200);
      expect((await put({ description: cleared })).status).toBe(200);
      // Stored as null; the list's wire format answers a string without a value as "".
      expect((await hub(hubId)).description, JSON.stringify(cleared)).toBe('');
    }
  });

  it('toggles a hub off and on and answers its information on a channel', async () => {
    const toggle = (body: unknown) => admin.put(`/api/vpn/hubs/${hubId}/toggle`, body);
    expect(await completed(server.url, admin, await toggle({ enabled: false }))).toMatchObject({ done: 1 });
    expect((await hub(hubId)).enabled).toBe(0);
    const info = await completed(server.url, admin, await admin.get(`/api/vpn/hubs/${hubId}/info`));
    expect(info.data).toMatchObject({ id: hubId, name: 'Tagged hub', enabled: 0 });
    await completed(server.url, admin, await toggle({ enabled: true }));
    expect((await hub(hubId)).enabled).toBe(1);
    for (const body of [{}, { enabled: 'yes' }, { enabled: true, duration: 'hour' }]) {
      expect((await toggle(body)).status, JSON.stringify(body)).toBe(422);
    }
    expect((await hub(hubId)).enabled).toBe(1);
    expect((await globex.put(`/api/vpn/hubs/${hubId}/toggle`, { enabled: false })).status).toBe(404);
    expect((await globex.get(`/api/vpn/hubs/${hubId}/info`)).status).toBe(404);
  });

  it('turns a hub on for a duration: when its time is up it switches off and its users are disconnected', async () => {
    const { ctx } = server.app;
    const session = await ctx.db
      .selectFrom('vpn_hub_sessions')
      .innerJoin('vpn_hubs', 'vpn_hubs.id', 'vpn_hub_sessions.hub_id')
      .select('vpn_hub_sessions.hub_id')
      .where('vpn_hubs.company_id', '=', 1)
      .executeTakeFirstOrThrow();
    const id = session.hub_id;
    const toggle = (body: unknown) => admin.put(`/api/vpn/hubs/${id}/toggle`, body);
    for (const body of [
      { enabled: true, duration: 0 },
      { enabled: true, duration: 1.5 },
      { enabled: false, duration: 5 },
    ]) {
      const reply = await toggle(body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect((reply.body.errors as { source: string }[])[0].source).toBe('duration');
    }
    await completed(server.url, admin, await toggle({ enabled: true, duration: 3600 }));
    expect(await switchOffEndedHubs(ctx)).toEqual([]);
    expect((await hub(id)).enabled).toBe(1);
    await completed(server.url, admin, await toggle({ enabled: true, duration: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await switchOffEndedHubs(ctx)).toEqual([id]);
    expect((await hub(id)).enabled).toBe(0);
    expect(await ctx.db.selectFrom('vpn_hub_sessions').select('hub_id').where('hub_id', '=', id).execute()).toEqual([]);
    // Turned on without a duration, it stays on.
    await completed(server.url, admin, await toggle({ enabled: true, duration: 1 }));
    await completed(server.url, admin, await toggle({ enabled: true }));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await switchOffEndedHubs(ctx)).toEqual([]);
    expect((await hub(id)).enabled).toBe(1);
  });

  it('changes the VPN network of a hub and refuses addresses that are not hosts of it', async () => {
    const settings = (body: unknown, client = admin) => client.put(`/api/vpn/hubs/${hubId}/settings`, body);
    const network = async () => {
      const data = (await completed(server.url, admin, await admin.get(`/api/vpn/hubs/${hubId}/info`))).data;
      return [(data as { ip: string }).ip, (data as { netmask: string }).netmask];
    };
    expect(await network()).toEqual(['10.8.0.1', '255.255.255.0']);
    expect(
      await completed(server.url, admin, await settings({ ip: '172.16.4.1', netmask: '255.255.252.0' })),
    ).toMatchObject({
      done: 1,
    });
    expect(await network()).toEqual(['172.16.4.1', '255.255.252.0']);
    for (const [body, source] of [
      [{ ip: '172.16.4.0', netmask: '255.255.252.0' }, 'ip'],
      [{ ip: '172.16.7.255', netmask: '255.255.252.0' }, 'ip'],
      [{ ip: '300.1.1.1', netmask: '255.255.255.0' }, 'ip'],
      [{ ip: '10.0.0.1', netmask: '255.0.255.0' }, 'netmask'],
      [{ ip: '10.0.0.1', netmask: '255.255.255.254' }, 'netmask'],
      [{ ip: '10.0.0.1' }, 'netmask'],
      [{ ip: 10, netmask: '255.255.255.0' }, 'ip'],
    ] as const) {
      const reply = await settings(body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect((reply.body.errors as { source: string }[])[0].source, JSON.stringify(body)).toBe(source);
    }
    expect(await network()).toEqual(['172.16.4.1', '255.255.252.0']);
    expect((await settings({ ip: '10.9.0.1', netmask: '255.255.255.0' }, globex)).status).toBe(404);
    expect((await settings({ ip: '10.9.0.1', netmask: '255.255.255.0' }, guest)).status).toBe(403);
  });

  it('adds devices of its company to a hub and removes them', async () => {
    const url = `/api/vpn/hubs/${hubId}/devices`;
    const devices = async () =>
      (
        (await completed(server.url, admin, await admin.get(`/api/vpn/hubs/${hubId}/info`))).data as {
          devices: number[];
        }
      ).devices;
    const own = rows(await admin.get('/api/devices?company_id=1&limit=2&fields=id')).map((d) => d.id as number);
    const theirs = rows(await globex.get('/api/devices?limit=1&fields=id'))[0].id as number;
    expect(await devices()).toEqual([]);
    expect(await completed(server.url, admin, await admin.post(url, { device_id: own }))).toMatchObject({
      total: 2,
      done: 2,
    });
    expect(await completed(server.url, admin, await admin.post(url, { device_id: [own[0]] }))).toMatchObject({
      done: 0,
      failed: 1,
    });
    expect(await devices()).toEqual([...own].sort((a, b) => a - b));
    for (const body of [{ device_id: [own[0], theirs] }, { device_id: [] }, { device_id: [own[0], own[0]] }, {}]) {
      const reply = await admin.delete(url, body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect((reply.body.errors as { source: string }[])[0].source).toMatch(/^device_id/);
    }
    expect((await admin.post(url, { device_id: [theirs] })).status).toBe(422);
    expect((await globex.post(url, { device_id: [theirs] })).status).toBe(404);
    expect((await guest.post(url, { device_id: own })).status).toBe(403);
    expect(await devices()).toEqual([...own].sort((a, b) => a - b));
    expect(await completed(server.url, admin, await admin.delete(url, { device_id: [own[0]] }))).toMatchObject({
      done: 1,
    });
    expect(await devices()).toEqual([own[1]]);
  });

  it('bulk-deletes hubs all or nothing', async () => {
    const a = await newHub('Bulk A');
    const b = await newHub('Bulk B');
    const company_id = rows(await globex.get('/api/companies?limit=1'))[0].id;
    const globexHub = await globex.post('/api/vpn/hubs', { name: 'Globex hub', company_id });
    expect(globexHub.status, JSON.stringify(globexHub.body)).toBe(200);
    const foreign = (globexHub.body.data as { id: number }).id;
    const mixed = await admin.delete('/api/vpn/hubs', { id: [a, foreign] });
    expect(mixed.status).toBe(422);
    expect((mixed.body.errors as { source: string }[])[0].source).toBe('id');
    for (const body of [{ id: [] }, { id: [a, a] }, {}]) {
      expect((await admin.delete('/api/vpn/hubs', body)).status, JSON.stringify(body)).toBe(422);
    }
    expect(rows(await admin.get(`/api/vpn/hubs?id=${a},${b}`))).toHaveLength(2);
    expect((await guest.delete('/api/vpn/hubs', { id: [a] })).status).toBe(403);
    expect(await completed(server.url, admin, await admin.delete('/api/vpn/hubs', { id: [a, b] }))).toMatchObject({
      total: 2,
      done: 2,
    });
    expect(rows(await admin.get(`/api/vpn/hubs?id=${a},${b}`))).toEqual([]);
  });
});
