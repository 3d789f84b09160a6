import { describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';

// The socket.io client the app's default factory loads (after the first page content, here at once).
const io = vi.fn();
vi.mock('socket.io-client', () => ({ io: (...args: unknown[]) => io(...args) }));
vi.mock('../pages/first-content', () => ({ afterFirstContent: () => Promise.resolve() }));

import { createRealtime, SOCKET_OPTIONS } from './socket';

class FakeSocket {
  connected = true;
  emitted: [string, unknown][] = [];
  handlers = new Map<string, ((payload: unknown) => void)[]>();
  disconnected = false;
  on(event: string, fn: (payload: unknown) => void) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  listeners(event: string) {
    return this.handlers.get(event) ?? [];
  }
  emit(event: string, payload: unknown) {
    this.emitted.push([event, payload]);
    return this;
  }
  disconnect() {
    this.disconnected = true;
  }
  fire(event: string, payload: unknown) {
    for (const fn of this.handlers.get(event) ?? []) fn(payload);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const options: unknown[] = [];
  const rt = createRealtime((_url, opts) => {
    options.push(opts);
    const s = new FakeSocket();
    sockets.push(s);
    return s as unknown as Socket;
  });
  return { rt, sockets, options };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('realtime', () => {
  it('connects to the same host unless a socket URL is configured', async () => {
    io.mockImplementation(() => new FakeSocket());
    const sameHost = createRealtime();
    sameHost.subscribe('notifications.2', 'WebNotificationCreated', () => {});
    await vi.waitFor(() => expect(io).toHaveBeenCalledTimes(1));
    expect(io.mock.calls[0]).toEqual([SOCKET_OPTIONS]);
    const configured = createRealtime();
    configured.configure({ url: 'https://socket.example' });
    configured.subscribe('notifications.2', 'WebNotificationCreated', () => {});
    await vi.waitFor(() => expect(io).toHaveBeenCalledTimes(2));
    expect(io.mock.calls[1]).toEqual(['https://socket.example', SOCKET_OPTIONS]);
  });

  it('uses websocket only with 5 reconnection attempts', async () => {
    const { rt, options } = setup();
    rt.subscribe('notifications.2', 'WebNotificationCreated', () => {});
    await tick();
    expect(options[0]).toBe(SOCKET_OPTIONS);
    expect(SOCKET_OPTIONS).toMatchObject({ transports: ['websocket'], reconnectionAttempts: 5 });
  });

  it('subscribes by channel, delivers events of that channel once per handler, unsubscribes when empty', async () => {
    const { rt, sockets } = setup();
    const seen: unknown[] = [];
    const handler = (p: unknown) => seen.push(p);
    const off = rt.subscribe('notifications.2', 'WebNotificationCreated', handler);
    rt.subscribe('notifications.2', 'WebNotificationCreated', handler);
    await tick();
    const socket = sockets[0];
    expect(socket.emitted).toEqual([['subscribe', 'notifications.2']]);
    socket.fire('WebNotificationCreated', { channel: 'notifications.2', data: { id: 1 } });
    socket.fire('WebNotificationCreated', { channel: 'notifications.9', data: { id: 2 } });
    expect(seen).toEqual([{ channel: 'notifications.2', data: { id: 1 } }]);
    expect(socket.listeners('WebNotificationCreated')).toHaveLength(1);
    off();
    expect(socket.emitted.at(-1)).toEqual(['unsubscribe', 'notifications.2']);
  });

  it('a 403 subscription error closes that channel', async () => {
    const { rt, sockets } = setup();
    const seen: unknown[] = [];
    rt.subscribe('notifications.99', 'WebNotificationCreated', (p) => seen.push(p));
    await tick();
    sockets[0].fire('subscription_error', { channel: 'notifications.99', status: 403 });
    expect(rt.channels()).toEqual([]);
    sockets[0].fire('WebNotificationCreated', { channel: 'notifications.99' });
    expect(seen).toEqual([]);
  });

  it('a subscription error is logged; one other than 403 keeps the channel (spec 001 §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { rt, sockets } = setup();
    rt.subscribe('notifications.2', 'WebNotificationCreated', () => undefined);
    await tick();
    const error = { channel: 'notifications.2', status: 500, message: 'Busy' };
    sockets[0].fire('subscription_error', error);
    expect(warn).toHaveBeenCalledWith('Socket subscription error', error);
    expect(rt.channels()).toEqual(['notifications.2']);
    warn.mockRestore();
  });

  it('reconnect closes the socket and opens a new one that re-subscribes on connect', async () => {
    const { rt, sockets } = setup();
    const seen: unknown[] = [];
    rt.subscribe('notifications.2', 'WebNotificationCreated', (p) => seen.push(p));
    await tick();
    rt.reconnect();
    await tick();
    expect(sockets[0].disconnected).toBe(true);
    sockets[1].fire('connect', undefined);
    expect(sockets[1].emitted).toEqual([['subscribe', 'notifications.2']]);
    sockets[1].fire('WebNotificationCreated', { channel: 'notifications.2' });
    expect(seen).toHaveLength(1);
  });
});
