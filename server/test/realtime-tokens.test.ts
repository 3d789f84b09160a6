import { io, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { tokenClient, useServer } from './harness';

// socket.io with a personal access token (issue 29, item 2): the handshake
// may carry the token as `auth: {token}`, a `token` query parameter or
// `Authorization: Bearer`; the channels follow the same rules as a session's,
// and a revoked token's socket subscribes no more.

const { server, admin } = useServer({ admin: 'admin@example.com' });
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((socket) => socket.disconnect()));

type Via = 'auth' | 'query' | 'header';

function open(token: string, via: Via): Promise<Socket> {
  const socket = io(server.url, {
    transports: ['websocket'],
    reconnection: false,
    ...(via === 'auth' ? { auth: { token } } : {}),
    ...(via === 'query' ? { query: { token } } : {}),
    ...(via === 'header' ? { extraHeaders: { authorization: `Bearer ${token}` } } : {}),
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const userId = async () => ((await admin.get('/api/user')).body.data as { id: number }).id;

describe('realtime with a personal access token', () => {
  it('accepts the token in auth, the query or the Authorization header, with the session channel rules', async () => {
    const { token } = await tokenClient(server, admin, ['devices:read'], 'socket');
    const me = await userId();
    for (const via of ['auth', 'query', 'header'] as const) {
      const socket = await open(token, via);
      expect(await socket.emitWithAck('subscribe', `notifications.${me}`), via).toMatchObject({ success: true });
      expect(await socket.emitWithAck('subscribe', `notifications.${me + 1}`), via).toMatchObject({
        success: false,
        status: 403,
      });
      // Acme Networks' admin may read its own company's device channel, not Globex's.
      expect(await socket.emitWithAck('subscribe', 'company.1')).toMatchObject({ success: true });
      const globex = (await admin.get('/api/companies?limit=100')).body.data as { id: number }[];
      expect(globex.some((c) => c.id === 5)).toBe(false);
      expect(await socket.emitWithAck('subscribe', 'company.5')).toMatchObject({ success: false, status: 403 });
      socket.disconnect();
    }
  });

  it('refuses a bad token, and a revoked one at its next subscribe', async () => {
    await expect(open('rms_pat_not-a-token', 'auth')).rejects.toThrow('Unauthenticated.');
    const { id, token } = await tokenClient(server, admin, ['devices:read'], 'revoked');
    const socket = await open(token, 'auth');
    const me = await userId();
    expect(await socket.emitWithAck('subscribe', `notifications.${me}`)).toMatchObject({ success: true });
    expect((await admin.delete(`/api/account/tokens/${id}`)).status).toBe(200);
    expect(await socket.emitWithAck('subscribe', `notifications.${me}`)).toMatchObject({ success: false, status: 401 });
    await expect(open(token, 'header')).rejects.toThrow('Unauthenticated.');
  });
});
