import { beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { rows, signedIn, useServer, type Client } from './harness';
import { connectSocket } from './sockets';

// The device page's actions over real HTTP: reboot answers an action channel
// that reports each device's outcome; rename goes through the edit-device form; guests and other
// tenants are refused with the database unchanged.

const { server, admin } = useServer({ admin: 'admin@example.com' });
let device: { id: number; company_id: number; name: string };

beforeAll(async () => {
  device = rows(await admin.get('/api/devices?status=1&company_id=1&limit=1&fields=id,company_id,name'))[0] as never;
});

const socketOf = (client: Client) => connectSocket(server.url, client);

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

describe('device actions', () => {
  it('reports a device the server cannot reach as offline on the action channel, never as done', async () => {
    // This server runs no device gateway: no device answers, so a reboot reaches none (the round trip through a
    // device: server/devices/gateway.test.ts).
    const socket = await socketOf(admin);
    const reply = await admin.post('/api/devices/actions', { action: 'reboot', device_id: [device.id] });
    expect(reply.status).toBe(200);
    const outcomes: unknown[] = [];
    socket.on('ActionProgress', (payload: { device?: unknown }) => outcomes.push(payload.device));
    const completed = next<{ total: number; done: number; failed: number }>(socket, 'ActionCompleted');
    socket.emit('subscribe', (reply.body.meta as { channel: string }).channel);
    expect(await completed).toMatchObject({ total: 1, failed: 1 });
    expect(outcomes).toEqual([{ id: device.id, outcome: 'offline', message: 'The device is offline.' }]);
    socket.disconnect();
  });

  it('renames through the edit-device form and refuses what the form refuses', async () => {
    expect((await admin.put(`/api/devices/${device.id}`, { name: '  Harbour gate  ' })).status).toBe(200);
    expect((await admin.get(`/api/devices/${device.id}`)).body.data).toMatchObject({ name: 'Harbour gate' });
    const empty = await admin.put(`/api/devices/${device.id}`, { name: '' });
    expect(empty.status).toBe(422);
    expect((await admin.get(`/api/devices/${device.id}`)).body.data).toMatchObject({ name: 'Harbour gate' });
  });

  it('refuses guests, unknown actions and devices of another tenant, changing nothing', async () => {
    const guest = await signedIn(server, 'advguest@example.com');
    expect((await guest.post('/api/devices/actions', { action: 'reboot', device_id: [device.id] })).status).toBe(403);
    expect((await admin.post('/api/devices/actions', { action: 'explode', device_id: [device.id] })).status).toBe(422);
    expect((await admin.post('/api/devices/actions', { action: 'reboot', device_id: [] })).status).toBe(422);
    const globex = await signedIn(server, 'globex.admin@example.com');
    const before = (await admin.get(`/api/devices/${device.id}`)).body.data;
    const foreign = await globex.post('/api/devices/actions', { action: 'reboot', device_id: [device.id] });
    expect(foreign.status).toBe(422);
    expect((await admin.get(`/api/devices/${device.id}`)).body.data).toEqual(before);
  });
});
