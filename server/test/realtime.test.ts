import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { rows, signedIn, useServer, type Client } from './harness';
import { setDeviceStatus } from '../services/device-status';
import { closeSockets, connected, connectSocket, openSocket } from './sockets';

// socket.io on the same origin: private notification channel delivery,
// subscription_error 403 on a foreign channel, bulk progress on meta.channel.

const { server } = useServer({});
// After hooks run in reverse order (Vitest's stack): the sockets close before useServer's server does.
afterAll(closeSockets);

const connect = (client: Client) => connectSocket(server.url, client);

const next = <T>(socket: Socket, event: string, match: (p: T) => boolean = () => true) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), 5000);
    const handler = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });

describe('realtime', () => {
  it('refuses a socket without a session', async () => {
    await expect(connected(openSocket(server.url))).rejects.toThrow('Unauthenticated.');
  });

  it("answers subscription_error 403 for another user's channel", async () => {
    const client = await signedIn(server, 'baltics.admin@example.com');
    const socket = await connect(client);
    const error = next<{ channel: string; status: number }>(socket, 'subscription_error');
    socket.emit('subscribe', 'notifications.2');
    expect(await error).toMatchObject({ channel: 'notifications.2', status: 403 });
  });

  it('delivers WebNotificationCreated on the private channel when a code is activated', async () => {
    const admin = await signedIn(server, 'admin@example.com');
    const socket = await connect(admin);
    const subscribed = next(socket, 'subscribed');
    socket.emit('subscribe', 'notifications.2');
    await subscribed;
    const created = next<{ channel: string; data: { type: string; summary: string; id: number } }>(
      socket,
      'WebNotificationCreated',
    );
    const enduser = await signedIn(server, 'enduser@example.com');
    const activated = await enduser.post('/api/credits/codes/activate', { code: 'acme-7k2q-9xhd-41pa' });
    expect(activated.body).toMatchObject({
      success: true,
      data: [{ licence_count: 25, licence_type: 'Paid Credit' }],
      meta: { amount: 25 },
    });
    const event = await created;
    expect(event.channel).toBe('notifications.2');
    expect(event.data).toMatchObject({ type: 'creditCodeActivation' });
    expect(event.data.summary).toContain('ACME-7K2Q-9XHD-41PA');
    const list = rows(await admin.get('/api/notifications'));
    expect(list[0]).toMatchObject({ id: event.data.id, seen_at: null });
    expect((await admin.put('/api/notifications', { id: [event.data.id] })).status).toBe(200);
    expect(rows(await admin.get('/api/notifications'))[0].seen_at).not.toBeNull();
  });

  it('reports bulk progress and completion on the action channel, private to its owner', async () => {
    const admin = await signedIn(server, 'admin@example.com');
    const socket = await connect(admin);
    const devices = rows(await admin.get('/api/devices?company_id=1&limit=40&fields=id'));
    const reply = await admin.post<{ meta: { channel: string } }>('/api/devices/tags/assign', {
      device_id: devices.map((d) => d.id),
      tag_id: 2,
    });
    expect(reply.status).toBe(200);
    const channel = reply.body.meta.channel;
    expect(channel).toMatch(/^action\./);

    const other = await connect(await signedIn(server, 'super@example.com'));
    const refused = next<{ status: number }>(other, 'subscription_error');
    other.emit('subscribe', channel);
    expect((await refused).status).toBe(403);

    const completed = next<{ total: number; done: number; failed: number; status: string }>(socket, 'ActionCompleted');
    socket.emit('subscribe', channel);
    expect(await completed).toMatchObject({
      channel,
      total: devices.length,
      done: devices.length,
      failed: 0,
      status: 'completed',
    });
    const tagged = await admin.get('/api/devices?tag_id=2&limit=1000&fields=id');
    expect(Number((tagged.body.meta as { total: number }).total)).toBeGreaterThanOrEqual(devices.length);
  });

  it('refuses a socket opened from another origin', async () => {
    const client = await signedIn(server, 'admin@example.com');
    await expect(connected(openSocket(server.url, client, { origin: 'https://evil.example' }))).rejects.toThrow();
  });
});

describe('device status events', () => {
  it('pushes DeviceUpdated on the company channel and a deviceAlert when a device goes offline under an offline alert', async () => {
    const admin = await signedIn(server, 'admin@example.com');
    const socket = await connect(admin);
    const device = rows(await admin.get('/api/devices?company_id=1&status=1&limit=1&fields=id,name'))[0];
    for (const channel of ['company.1', 'notifications.2']) {
      const ok = next(socket, 'subscribed', (p: { channel: string }) => p.channel === channel);
      socket.emit('subscribe', channel);
      await ok;
    }
    const updated = next<{ data: { id: number; status: number } }>(socket, 'DeviceUpdated');
    const alert = next<{ data: { type: string; summary: string } }>(socket, 'WebNotificationCreated');
    expect(await setDeviceStatus(server.app.ctx, Number(device.id), 0)).toBe(true);
    expect((await updated).data).toMatchObject({ id: device.id, status: 0, name: device.name });
    expect((await alert).data).toMatchObject({ type: 'deviceAlert', summary: `${device.name} went Offline.` });
    expect(rows(await admin.get(`/api/devices?id=${device.id}&fields=status`))[0].status).toBe(0);
  });
});
