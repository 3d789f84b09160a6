import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, operations } from '../openapi/document';
import { type Client, type Reply, rows, useServer } from './harness';
import { strictValidator } from './openapi/strict-schema';
import { closeSockets, completed } from './sockets';

// VPN hub clients, quick hubs, configurations, DHCP options, routes, device
// rules and statuses of the RMS API over real HTTP: what is written reads
// back, refused input answers 4xx naming its source and changes nothing,
// other tenants' hubs are not found, and every answer has the OpenAPI's
// schema for its status (errors: the envelope of the operation's 401).

const document = loadDocument();
const validate = strictValidator(document);
const byKey = new Map(operations(document).map((op) => [op.key, op]));

const { server, admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
});
afterAll(closeSockets);

function expectConforms(key: string, reply: Reply, status = 200) {
  expect(reply.status, `${key}: ${JSON.stringify(reply.body)}`).toBe(status);
  const check = validate(byKey.get(key.replace(/\{\w+\}/g, '{}'))!, status < 400 ? status : 401);
  expect(check, `${key}: no schema for ${reply.status}`).not.toBeNull();
  expect(check!(reply.body) ? [] : check!.errors, JSON.stringify(reply.body)).toEqual([]);
}

/** A refusal: the status, the operation's error envelope and the source of the first error. */
function expectRefused(key: string, reply: Reply, status: number, source: string | null = null) {
  expectConforms(key, reply, status);
  if (status === 422) expect((reply.body.errors as { source: string }[])[0].source).toBe(source);
}

const done = async (client: Client, reply: Reply) => completed(server.url, client, reply);
const hubUsers = async (hubId: number, client = admin) =>
  rows(await client.get(`/api/vpn/hubs/users?vpn_hub_id=${hubId}&limit=100`));

let devices: { id: number; name: string }[];
let theirDevice: number;
let hubId: number;

beforeAll(async () => {
  devices = rows(await admin.get('/api/devices?company_id=1&status=1&limit=2&fields=id,name&sort=-id')) as {
    id: number;
    name: string;
  }[];
  expect(devices).toHaveLength(2);
  theirDevice = rows(await globex.get('/api/devices?limit=1&fields=id'))[0].id as number;
});

describe('quick hubs', () => {
  it('lists the zones and creates a quick hub with its endpoints, routes and tags', async () => {
    const zones = await admin.get('/api/vpn/hubs/zones');
    expectConforms('GET /vpn/hubs/zones', zones);
    expect(rows(zones).map((z) => z.name)).toEqual(['frankfurt-1', 'bahrain-1']);
    const tag = rows(await admin.get('/api/tags?company_id=1&limit=1'))[0].id as number;
    const body = {
      company_id: 1,
      hub_name: 'Harbour quick hub',
      description: 'Cranes',
      hub_zone: 'frankfurt-1',
      endpoint: [
        { device_id: devices[0].id, routes: [{ name: 'Crane LAN', ip: '192.168.10.0', netmask: '255.255.255.0' }] },
        { device_id: devices[1].id },
      ],
      tag_id: [tag],
    };
    const before = rows(await admin.get('/api/vpn/hubs?limit=100'));
    const key = 'POST /vpn/hubs/connect';
    for (const [bad, source] of [
      [{ ...body, hub_zone: 'mars-1' }, 'hub_zone'],
      [{ ...body, company_id: 5 }, 'company_id'],
      [{ ...body, endpoint: [{ device_id: theirDevice }] }, 'endpoint'],
      [{ ...body, endpoint: [body.endpoint[1], body.endpoint[1]] }, 'endpoint'],
      [
        {
          ...body,
          endpoint: [
            { device_id: devices[0].id, routes: [{ name: 'x', ip: '192.168.10.1', netmask: '255.255.255.0' }] },
          ],
        },
        'endpoint.0.routes.0.ip',
      ],
      [{ ...body, tag_id: [999_999] }, 'tag_id'],
      [{ ...body, hub_name: undefined }, 'hub_name'],
    ] as const) {
      expectRefused(key, await admin.post('/api/vpn/hubs/connect', bad), 422, source);
    }
    expectRefused(key, await guest.post('/api/vpn/hubs/connect', body), 403);
    expect(rows(await admin.get('/api/vpn/hubs?limit=100'))).toEqual(before);

    const reply = await admin.post('/api/vpn/hubs/connect', body);
    expectConforms(key, reply);
    hubId = ((await done(admin, reply)).data as { id: number }).id;
    const hub = (await admin.get(`/api/vpn/hubs/${hubId}`)).body.data as Record<string, unknown>;
    expect(hub).toMatchObject({
      name: 'Harbour quick hub',
      quick_hub: 1,
      tags: [expect.objectContaining({ id: tag })],
    });
    const info = (await done(admin, await admin.get(`/api/vpn/hubs/${hubId}/info`))).data;
    const members = devices.map((d) => d.id).sort((a, b) => a - b);
    expect(info).toMatchObject({ zone: 'frankfurt-1', description: 'Cranes', devices: members });
    expect(info).not.toHaveProperty('tls_key');
    const users = await hubUsers(hubId);
    expect(users.map((u) => [u.name, u.type, u.object_id])).toEqual(
      [...devices].reverse().map((d) => [d.name, 'device', d.id]),
    );
    const routes = await admin.get(`/api/vpn/quick-hubs/${hubId}/routes`);
    expectConforms('GET /vpn/quick-hubs/{id}/routes', routes);
    expect(rows(routes)).toEqual([
      expect.objectContaining({ name: 'Crane LAN', hub_id: hubId, ip: '192.168.10.0', netmask: '255.255.255.0' }),
    ]);
    expect((await globex.get(`/api/vpn/quick-hubs/${hubId}/routes`)).status).toBe(404);
  });
});

describe('hub users', () => {
  it('adds RMS and custom users, sets their address, toggles and deletes them', async () => {
    const me = (await admin.get('/api/user')).body.data as { id: number; email: string };
    const theirUser = ((await globex.get('/api/user')).body.data as { id: number }).id;
    const theirHub = rows(await globex.get('/api/vpn/hubs?limit=1'))[0].id as number;
    const add = (body: unknown, client = admin) => client.post('/api/vpn/hubs/users', body);
    const key = 'POST /vpn/hubs/users';
    expectConforms(key, await add({ vpn_hub_id: hubId, user_id: me.id }));
    expectRefused(key, await add({ vpn_hub_id: hubId, user_id: me.id }), 422, 'user_id');
    expectRefused(key, await add({ vpn_hub_id: hubId, user_id: theirUser }), 422, 'user_id');
    expectRefused(key, await add({ vpn_hub_id: theirHub, user_id: me.id }), 422, 'vpn_hub_id');
    expectRefused(key, await add({ vpn_hub_id: hubId }), 422, 'user_id');
    expectRefused(key, await add({ vpn_hub_id: hubId, user_id: me.id }, guest), 403);
    const custom = (body: unknown) => admin.post('/api/vpn/hubs/users/custom', body);
    expectConforms('POST /vpn/hubs/users/custom', await custom({ vpn_hub_id: hubId, username: 'field-laptop' }));
    for (const username of ['field-laptop', '', 'two words', 7]) {
      expectRefused('POST /vpn/hubs/users/custom', await custom({ vpn_hub_id: hubId, username }), 422, 'username');
    }
    const users = await hubUsers(hubId);
    const mine = users.find((u) => u.type === 'rms_user')!;
    const laptop = users.find((u) => u.type === 'custom_user')!;
    expect(mine).toMatchObject({ name: me.email, object_id: me.id, vpn_hub_id: hubId, enabled: 1, status: 1 });
    expect(laptop).toMatchObject({ name: 'field-laptop', vpn_hub_id: hubId });

    const address = (id: unknown, body: unknown, client = admin) => client.post(`/api/vpn/hubs/users/${id}`, body);
    const set = 'POST /vpn/hubs/users/{id}';
    await done(admin, await address(mine.id, { mode: 'static', ip_address: '10.8.0.20' }));
    for (const [body, source] of [
      [{ mode: 'static', ip_address: '10.8.0.20' }, 'ip_address'],
      [{ mode: 'static', ip_address: '10.8.0.1' }, 'ip_address'],
      [{ mode: 'static', ip_address: '10.9.0.5' }, 'ip_address'],
      [{ mode: 'static', ip_address: '10.8.0.255' }, 'ip_address'],
      [{ mode: 'static' }, 'ip_address'],
      [{ mode: 'fixed', ip_address: '10.8.0.21' }, 'mode'],
    ] as const) {
      expectRefused(set, await address(laptop.id, body), 422, source);
    }
    expectRefused(set, await address(laptop.id, { mode: 'dhcp' }, globex), 404);
    let after = await hubUsers(hubId);
    expect(after.find((u) => u.id === mine.id)).toMatchObject({ mode: 'static', ip: '10.8.0.20' });
    // No address yet: a whole record's text without a value is "".
    expect(after.find((u) => u.id === laptop.id)).toHaveProperty('ip', '');

    const toggle = (id: unknown, body: unknown, client = admin) =>
      client.post(`/api/vpn/hubs/users/${id}/toggle`, body);
    expectConforms('POST /vpn/hubs/users/{id}/toggle', await toggle(laptop.id, { enabled: false }));
    expectRefused('POST /vpn/hubs/users/{id}/toggle', await toggle(laptop.id, { enabled: 'no' }), 422, 'enabled');
    expectRefused('POST /vpn/hubs/users/{id}/toggle', await toggle(laptop.id, { enabled: true }, globex), 404);
    expectRefused('POST /vpn/hubs/users/{id}/toggle', await toggle(laptop.id, { enabled: true }, guest), 403);
    after = await hubUsers(hubId);
    expect(after.find((u) => u.id === laptop.id)).toMatchObject({ enabled: 0, status: 0 });

    const remove = (id: unknown, client = admin) => client.delete(`/api/vpn/hubs/users/${id}`);
    expectRefused('DELETE /vpn/hubs/users/{id}', await remove(mine.id, globex), 404);
    expectRefused('DELETE /vpn/hubs/users/{id}', await remove(mine.id, guest), 403);
    expect(await done(admin, await remove(mine.id))).toMatchObject({ done: 1 });
    expect((await hubUsers(hubId)).map((u) => u.id)).not.toContain(mine.id);
    expect((await remove(mine.id)).status).toBe(404);
  });
});

describe('DHCP options and routes', () => {
  it('adds and removes the DHCP options of a hub', async () => {
    const url = `/api/vpn/hubs/${hubId}/dhcp`;
    const options = async () =>
      ((await done(admin, await admin.get(url))).data as { dhcp_option: unknown[] }).dhcp_option;
    expectConforms('GET /vpn/hubs/{id}/dhcp', await admin.get(url));
    expect(await options()).toEqual([]);
    expectConforms('POST /vpn/hubs/{id}/dhcp', await admin.post(url, { type: 'DNS', ip_address: '1.1.1.1' }));
    for (const [body, source] of [
      [{ type: 'DNS', ip_address: '1.1.1.1' }, 'ip_address'],
      [{ type: 'DNS', ip_address: '1.1.1' }, 'ip_address'],
      [{ type: 'NTP', ip_address: '1.1.1.2' }, 'type'],
    ] as const) {
      expectRefused('POST /vpn/hubs/{id}/dhcp', await admin.post(url, body), 422, source);
    }
    expectRefused('POST /vpn/hubs/{id}/dhcp', await globex.post(url, { type: 'WINS', ip_address: '10.0.0.2' }), 404);
    expectRefused('POST /vpn/hubs/{id}/dhcp', await guest.post(url, { type: 'WINS', ip_address: '10.0.0.2' }), 403);
    expect(await done(admin, await admin.post(url, { type: 'WINS', ip_address: '10.0.0.2' }))).toMatchObject({
      done: 1,
    });
    expect(await options()).toEqual([
      { type: 'DNS', ip: '1.1.1.1', state: 'enabled' },
      { type: 'WINS', ip: '10.0.0.2', state: 'enabled' },
    ]);
    expectConforms('DELETE /vpn/hubs/{id}/dhcp', await admin.delete(url, { type: 'WINS', ip_address: '10.0.0.2' }));
    expectRefused(
      'DELETE /vpn/hubs/{id}/dhcp',
      await admin.delete(url, { type: 'WINS', ip_address: '10.0.0.2' }),
      422,
      'ip_address',
    );
    expect(await options()).toEqual([{ type: 'DNS', ip: '1.1.1.1', state: 'enabled' }]);
    expect((await globex.get(url)).status).toBe(404);
  });

  it('adds routes through a hub user and removes them', async () => {
    const users = await hubUsers(hubId);
    const via = users.find((u) => u.type === 'custom_user')!.id as number;
    const other = rows(await admin.get('/api/vpn/hubs/users?limit=100')).find((u) => u.vpn_hub_id !== hubId)!.id;
    const route = { vpn_hub_id: hubId, ip_address: '172.20.0.0', netmask: '255.255.0.0', vpn_hub_user_id: via };
    const list = async () => rows(await admin.get(`/api/vpn/hubs/routes?vpn_hub_id=${hubId}`));
    const before = await list();
    const key = 'POST /vpn/hubs/routes';
    for (const [body, source] of [
      [{ ...route, vpn_hub_user_id: other }, 'vpn_hub_user_id'],
      [{ ...route, ip_address: '172.20.0.1' }, 'ip_address'],
      [{ ...route, netmask: '255.0.255.0' }, 'netmask'],
      [{ ...route, ip_address: undefined }, 'ip_address'],
    ] as const) {
      expectRefused(key, await admin.post('/api/vpn/hubs/routes', body), 422, source);
    }
    expectRefused(key, await globex.post('/api/vpn/hubs/routes', route), 422, 'vpn_hub_id');
    expectRefused(key, await guest.post('/api/vpn/hubs/routes', route), 403);
    expect(await list()).toEqual(before);
    expectConforms(key, await admin.post('/api/vpn/hubs/routes', route));
    expectRefused(key, await admin.post('/api/vpn/hubs/routes', route), 422, 'ip_address');
    const reply = await admin.get(`/api/vpn/hubs/routes?vpn_hub_id=${hubId}&vpn_hub_user_id=${via}`);
    expectConforms('GET /vpn/hubs/routes', reply);
    expect(rows(reply)).toEqual([
      expect.objectContaining({ name: '172.20.0.0/16', subnet: '172.20.0.0/16', gateway: 'field-laptop', via }),
    ]);
    expect((await done(admin, reply)).data).toEqual({
      hub_routes: [{ ip: '172.20.0.0', netmask: '255.255.0.0', via, state: 'enabled' }],
    });
    expect((await admin.get('/api/vpn/hubs/routes?vpn_hub_id=abc')).status).toBe(422);
    expect((await globex.get(`/api/vpn/hubs/routes?vpn_hub_id=${hubId}`)).status).toBe(404);
    const del = { ip_address: '172.20.0.0', netmask: '255.255.0.0', vpn_hub_user_id: via };
    expectRefused('DELETE /vpn/hubs/routes/{id}', await globex.delete(`/api/vpn/hubs/routes/${hubId}`, del), 404);
    expectConforms('DELETE /vpn/hubs/routes/{id}', await admin.delete(`/api/vpn/hubs/routes/${hubId}`, del));
    const again = await admin.delete(`/api/vpn/hubs/routes/${hubId}`, del);
    expectRefused('DELETE /vpn/hubs/routes/{id}', again, 422, 'ip_address');
    expect(await list()).toEqual(before);
  });
});

describe('configurations', () => {
  it('answers OpenVPN client configurations made from the hub settings', async () => {
    const users = await hubUsers(hubId);
    const [crane, laptop] = [
      users.find((u) => u.object_id === devices[0].id)!,
      users.find((u) => u.type === 'custom_user')!,
    ];
    const hub = (await admin.get(`/api/vpn/hubs/${hubId}`)).body.data as { port: number };
    const reply = await admin.get(`/api/vpn/hubs/users/config?vpn_hub_users=${laptop.id},${crane.id}`);
    expectConforms('GET /vpn/hubs/users/config', reply);
    const configs = (await done(admin, reply)).data as { name: string; content: string }[];
    expect(configs.map((c) => c.name)).toEqual([
      'Harbour_quick_hub-field-laptop.ovpn',
      `Harbour_quick_hub-${String(crane.name).replace(/[^A-Za-z0-9._-]+/g, '_')}.ovpn`,
    ]);
    const [forLaptop, forCrane] = configs.map((c) => c.content);
    expect(forLaptop).toContain(`remote 127.0.0.1 ${hub.port}\n`);
    expect(forLaptop).toContain('route 192.168.10.0 255.255.255.0\n');
    expect(forCrane).not.toContain('route 192.168.10.0');
    expect(forLaptop).toContain('dhcp-option DNS 1.1.1.1\n');
    const key = /-----BEGIN OpenVPN Static key V1-----\n([0-9a-f]{32}\n){16}-----END OpenVPN Static key V1-----/;
    expect(forLaptop).toMatch(key);
    expect(forLaptop.match(key)![0]).toBe(forCrane.match(key)![0]);
    expect(forLaptop).not.toMatch(/Globex/i);

    const quick = await admin.get(`/api/vpn/quick-hubs/${hubId}/users/config`);
    expectConforms('GET /vpn/quick-hubs/{id}/users/config', quick);
    const shared = (await done(admin, quick)).data as { name: string; content: string };
    expect(shared.name).toBe('Harbour_quick_hub.ovpn');
    expect(shared.content.match(key)![0]).toBe(forLaptop.match(key)![0]);

    const theirUser = rows(await globex.get('/api/vpn/hubs/users?limit=1'));
    const refused = [
      [await admin.get('/api/vpn/hubs/users/config?vpn_hub_users=abc'), 422],
      [await admin.get('/api/vpn/hubs/users/config'), 422],
      [await admin.get(`/api/vpn/hubs/users/config?vpn_hub_users=${laptop.id},999999`), 422],
      [await globex.get(`/api/vpn/hubs/users/config?vpn_hub_users=${laptop.id}`), 422],
      [await guest.get(`/api/vpn/hubs/users/config?vpn_hub_users=${laptop.id}`), 403],
    ] as const;
    for (const [answer, status] of refused)
      expectRefused('GET /vpn/hubs/users/config', answer, status, 'vpn_hub_users');
    expect(theirUser.every((u) => u.company_id !== 1)).toBe(true);
    const plain = rows(await admin.get('/api/vpn/hubs?quick_hub=0&limit=1'))[0].id;
    expect((await admin.get(`/api/vpn/quick-hubs/${plain}/users/config`)).status).toBe(404);
    expect((await globex.get(`/api/vpn/quick-hubs/${hubId}/users/config`)).status).toBe(404);
  });
});

describe('hub devices', () => {
  it('changes forwarding rules, syncs, and reports sessions and device VPN status', async () => {
    const rules = async (query = '') =>
      (await done(admin, await admin.get(`/api/vpn/hubs/${hubId}/devices/rules${query}`))).data;
    expectConforms('GET /vpn/hubs/{id}/devices/rules', await admin.get(`/api/vpn/hubs/${hubId}/devices/rules`));
    expect(await rules()).toEqual(devices.map((d) => ({ device_id: d.id, lan: false, wan: false })).reverse());
    const ids = devices.map((d) => d.id).join(',');
    const change = (path: string, body: unknown, client = admin) =>
      client.post(`/api/vpn/hubs/${hubId}/devices/${path}/rules`, body);
    const key = 'POST /vpn/hubs/{id}/devices/{device_id}/rules';
    expectConforms(key, await change(ids, { network: 'lan', status: true }));
    expectRefused(key, await change(String(theirDevice), { network: 'lan', status: false }), 422, 'device_id');
    expectRefused(key, await change('x', { network: 'lan', status: false }), 422, 'device_id');
    expectRefused(key, await change(ids, { network: 'dmz', status: false }), 422, 'network');
    expectRefused(key, await change(ids, { network: 'lan', status: false }, globex), 404);
    expectRefused(key, await change(ids, { network: 'lan', status: false }, guest), 403);
    expect(await rules(`?device_id=${devices[0].id}`)).toEqual([{ device_id: devices[0].id, lan: true, wan: false }]);

    const sync = 'POST /vpn/hubs/{id}/devices/{device_id}/sync';
    const synced = await admin.post(`/api/vpn/hubs/${hubId}/devices/${ids}/sync`);
    expectConforms(sync, synced);
    expect(await done(admin, synced)).toMatchObject({ total: 2, done: 2, failed: 0 });
    expect(await rules()).toEqual(
      expect.arrayContaining([expect.objectContaining({ device_id: devices[0].id, synced_at: expect.any(String) })]),
    );
    expectRefused(sync, await admin.post(`/api/vpn/hubs/${hubId}/devices/${theirDevice}/sync`), 422, 'device_id');
    expectRefused(sync, await globex.post(`/api/vpn/hubs/${hubId}/devices/${ids}/sync`), 404);

    const sessions = await admin.get(`/api/vpn/hubs/${hubId}/sessions`);
    expectConforms('GET /vpn/hubs/{id}/sessions', sessions);
    const vpn = ((await done(admin, sessions)).data as { vpn_sessions: Record<string, unknown>[] }).vpn_sessions;
    expect(vpn.map((s) => [s.name, s.type, s.object_id, s.vpn_ip])).toEqual(
      devices.map((d, i) => [d.name, 'device', d.id, `10.8.0.${2 + i}`]),
    );
    expect((await globex.get(`/api/vpn/hubs/${hubId}/sessions`)).status).toBe(404);

    const status = await admin.get(`/api/devices/device-vpn-status?device_id=${devices[0].id}`);
    expectConforms('GET /devices/device-vpn-status', status);
    expect(rows(status)).toEqual([
      expect.objectContaining({
        device_id: devices[0].id,
        data: expect.arrayContaining([
          { ip: '10.8.0.1', name: 'Harbour quick hub', type: 'openvpn', is_enabled: true, is_running: true },
        ]),
      }),
    ]);
    expect(rows(await globex.get(`/api/devices/device-vpn-status?device_id=${devices[0].id}`))).toEqual([]);
  });

  it('lists the daily traffic of a hub user', async () => {
    const seeded = rows(await admin.get('/api/vpn/hubs/users?limit=100')).find((u) => u.name === 'engineer-laptop')!;
    const url = `/api/vpn/hubs/${String(seeded.vpn_hub_id)}/users/${String(seeded.id)}/logs`;
    const reply = await admin.get(`${url}?limit=100`);
    expectConforms('GET /vpn/hubs/{id}/users/{hub_user_id}/logs', reply);
    expect(rows(reply)).toHaveLength(7);
    expect(rows(reply)[0]).toMatchObject({ hub_id: seeded.vpn_hub_id, created_at: '2026-11-07 00:00:00' });
    expect((await admin.get(`/api/vpn/hubs/${hubId}/users/${String(seeded.id)}/logs`)).status).toBe(404);
    expect((await globex.get(url)).status).toBe(404);
  });
});

describe('hub removal', () => {
  it('removes the users of a hub with it', async () => {
    expect((await hubUsers(hubId)).length).toBeGreaterThan(0);
    const other = rows(await admin.get('/api/vpn/hubs/users?limit=100')).filter((u) => u.vpn_hub_id !== hubId);
    expect(await done(admin, await admin.delete('/api/vpn/hubs', { id: [hubId] }))).toMatchObject({ done: 1 });
    expect(await hubUsers(hubId)).toEqual([]);
    expect(rows(await admin.get('/api/vpn/hubs/users?limit=100'))).toEqual(other);
  });
});
