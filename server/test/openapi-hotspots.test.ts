import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, rows, useServer } from './harness';
import { strict } from './openapi/conforms';
import { closeSockets, completed } from './sockets';

// Device hotspots over real HTTP: the seeded Wi-Fi devices have a guest
// hotspot with a connected visitor and an idle staff user; users are listed
// on a channel, added and removed by username, only by callers allowed to
// change devices of their own companies; bad input changes nothing.

const { server, admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
});
afterAll(closeSockets);

let base: string;
const userNames = async (client: Client = admin) => {
  const reply = strict('GET /devices/{id}/hotspots/{index}/users', await client.get(`${base}/1/users`));
  return ((await completed(server.url, client, reply)).data as { username: string }[]).map((u) => u.username);
};

beforeAll(async () => {
  for (const device of rows(await admin.get('/api/devices?company_id=1&sort=id&limit=20'))) {
    if (rows(await admin.get(`/api/devices/${String(device.id)}/hotspots`)).length) {
      base = `/api/devices/${String(device.id)}/hotspots`;
      break;
    }
  }
  expect(base).toBeDefined();
});

describe('device hotspots', () => {
  it('lists the hotspots with their online users and the active sessions', async () => {
    const [hotspot] = rows(strict('GET /devices/{id}/hotspots', await admin.get(base)));
    expect(hotspot).toMatchObject({ ssid: 'Guest', status: true, hotspot_index: '1', online_users: 1 });
    expect(hotspot.hotspot_ip).toBe(3232236033);
    const active = strict('GET /devices/{id}/hotspots/{index}/users/active', await admin.get(`${base}/1/users/active`));
    expect((active.body.hotspots_active_users as { username: string }[]).map((u) => u.username)).toEqual(['visitor']);
    expect((await admin.get(`${base}/2/users/active`)).status).toBe(404);
    expect((await admin.get(`${base}/5/users/active`)).status).toBe(422);
    expect((await globex.get(base)).status).toBe(404);
  });

  it('adds and removes a user, refusing duplicates, bad names, other tenants and read-only callers', async () => {
    expect(await userNames()).toEqual(['staff', 'visitor']);
    const add = (body: unknown, client = admin) => client.post(`${base}/1/users`, body);
    const added = strict(
      'POST /devices/{id}/hotspots/{index}/users',
      await add({ username: 'guest1', password: 'secret-1' }),
    );
    expect((await completed(server.url, admin, added)).done).toBe(1);
    expect(await userNames()).toEqual(['guest1', 'staff', 'visitor']);
    for (const [body, source] of [
      [{ username: 'guest1', password: 'secret-1' }, 'username'],
      [{ username: 'a b', password: 'secret-1' }, 'username'],
      [{ username: 'guest2' }, 'password'],
    ] as const) {
      const reply = strict('POST /devices/{id}/hotspots/{index}/users', await add(body), 422);
      expect((reply.body.errors as { source: string }[])[0].source, JSON.stringify(body)).toBe(source);
    }
    expect((await add({ username: 'guest2', password: 'secret-1' }, globex)).status).toBe(404);
    expect((await add({ username: 'guest2', password: 'secret-1' }, guest)).status).toBe(403);
    expect((await admin.post(`${base}/3/users`, { username: 'guest2', password: 'secret-1' })).status).toBe(404);
    expect(await userNames()).toEqual(['guest1', 'staff', 'visitor']);

    const remove = (name: string, client = admin) => client.delete(`${base}/1/users?username=${name}`);
    expect((await remove('guest1', guest)).status).toBe(403);
    expect((await remove('guest1', globex)).status).toBe(404);
    const missing = strict('DELETE /devices/{id}/hotspots/{index}/users', await remove('nobody'), 422);
    expect((missing.body.errors as { source: string }[])[0].source).toBe('username');
    const removed = strict('DELETE /devices/{id}/hotspots/{index}/users', await remove('guest1'));
    expect((await completed(server.url, admin, removed)).done).toBe(1);
    expect(await userNames()).toEqual(['staff', 'visitor']);
  });
});
