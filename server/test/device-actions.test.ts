import { beforeAll, describe, expect, it, vi } from 'vitest';
import { REBOOT_MS } from '../jobs/bulk-work';
import type { Socket } from 'socket.io-client';
import { rows, signedIn, useServer, type Client } from './harness';
import { connectSocket } from './sockets';

// The device page's actions over real HTTP: reboot answers an action channel
// whose progress completes, and the rebooted device is pushed on its company
// channel; rename goes through the edit-device form; guests and other
// tenants are refused with the database unchanged.

const { server, admin } = useServer({ admin: 'admin@example.com' });
let device: { id: number; company_id: number; name: string };

beforeAll(async () => {
  device = rows(await admin.get('/api/devices?status=1&company_id=1&limit=1&fields=id,company_id,name'))[0] as never;
});

const socketOf = (client: Client) => connectSocket(server.url, client);

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

describe('device actions', () => {
  it('reboots a device: progress on the action channel, its new state on the company channel', async () => {
    const socket = await socketOf(admin);
    socket.emit('subscribe', `company.${device.company_id}`);
    await next(socket, 'subscribed');
    const updates: Record<string, unknown>[] = [];
    socket.on('DeviceUpdated', (payload: { data: Record<string, unknown> }) => updates.push(payload.data));
    const reply = await admin.post('/api/devices/actions', { action: 'reboot', device_id: [device.id] });
    expect(reply.status).toBe(200);
    const channel = (reply.body.meta as { channel: string }).channel;
    const completed = next<{ total: number; done: number; failed: number; status: string }>(socket, 'ActionCompleted');
    socket.emit('subscribe', channel);
    expect(await completed).toMatchObject({ total: 1, done: 1, failed: 0, status: 'completed' });
    // Offline while it restarts, then online again with its uptime from zero.
    await vi.waitFor(() => expect(updates).toHaveLength(2), { timeout: REBOOT_MS + 2000 });
    expect(updates[0]).toMatchObject({ id: device.id, status: 0 });
    expect(updates[1]).toMatchObject({ id: device.id, status: 1, router_uptime: 0 });
    expect(Date.now() - Date.parse(String(updates[1].last_connection_at))).toBeLessThan(60_000);
    // An offline device takes no command: it counts as failed.
    const offline = rows(await admin.get('/api/devices?status=0&company_id=1&limit=1&fields=id'))[0];
    const refused = await admin.post('/api/devices/actions', { action: 'reboot', device_id: [offline.id] });
    const failed = next<{ failed: number }>(socket, 'ActionCompleted');
    socket.emit('subscribe', (refused.body.meta as { channel: string }).channel);
    expect(await failed).toMatchObject({ failed: 1 });
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
