// After a successful token refresh (shell spec §4), against a real socket.io
// server: the live socket is closed and a new one opens with the new session.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emitHttpEvent } from '../http/events';
import { createRealtime } from '../realtime/socket';
import { reinitialiseAfterRefresh } from './after-refresh';
import { session, setSessionUser, type SessionUser } from './user';

let http: HttpServer;
let sockets: Server;
let origin: string;
const log: string[] = [];

beforeAll(async () => {
  http = createServer();
  sockets = new Server(http, { transports: ['websocket'] });
  let count = 0;
  sockets.on('connection', (socket) => {
    const n = (count += 1);
    log.push(`connect ${n}`);
    socket.on('subscribe', (channel: string) => log.push(`subscribe ${n} ${channel}`));
    socket.on('disconnect', () => log.push(`disconnect ${n}`));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => sockets.close(() => resolve())));
afterEach(() => {
  vi.unstubAllGlobals();
  setSessionUser(null);
});

/** A session token whose payload carries `act` while impersonating. */
const token = (payload: object) => `h.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.s`;
const user = (extra: Partial<SessionUser> = {}) =>
  ({ id: 2, email: 'a@example.com', permissions: ['view_devices'], token: token({ sub: 2 }), ...extra }) as SessionUser;

function answerUser(answer: SessionUser) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, data: answer }))),
  );
}

function setup(running = true) {
  const realtime = createRealtime((_url, options) => io(origin, { ...options, withCredentials: false }));
  const reloads = { preferences: 0, page: 0 };
  const stop = reinitialiseAfterRefresh({
    realtime,
    running: () => running,
    reloadPreferences: () => void (reloads.preferences += 1),
    reloadPage: () => void (reloads.page += 1),
  });
  return { realtime, reloads, stop };
}

describe('after a token refresh (shell spec §4)', () => {
  it('closes the live socket and opens a new one that subscribes again, re-reads the user and preferences', async () => {
    log.length = 0;
    setSessionUser(user());
    answerUser(user({ email: 'b@example.com' }));
    const { realtime, reloads, stop } = setup();
    realtime.subscribe('notifications.2', 'WebNotificationCreated', () => {});
    await vi.waitFor(() => expect(log).toEqual(['connect 1', 'subscribe 1 notifications.2']));
    emitHttpEvent('token-refreshed', undefined);
    await vi.waitFor(() =>
      expect(log).toEqual([
        'connect 1',
        'subscribe 1 notifications.2',
        'disconnect 1',
        'connect 2',
        'subscribe 2 notifications.2',
      ]),
    );
    await vi.waitFor(() => expect(session.user?.email).toBe('b@example.com'));
    expect(reloads).toEqual({ preferences: 1, page: 0 });
    stop();
    realtime.close();
  });

  it('reloads the page when the new token begins or ends an impersonation', async () => {
    setSessionUser(user());
    answerUser(user({ token: token({ sub: 5, act: { sub: 2 } }) }));
    const { realtime, reloads, stop } = setup();
    emitHttpEvent('token-refreshed', undefined);
    await vi.waitFor(() => expect(reloads.page).toBe(1));
    stop();
    realtime.close();
  });

  it('leaves start-up alone: the user load answers with its own retried call', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { reloads, stop } = setup(false);
    emitHttpEvent('token-refreshed', undefined);
    expect(fetch).not.toHaveBeenCalled();
    expect(reloads).toEqual({ preferences: 0, page: 0 });
    stop();
  });
});
