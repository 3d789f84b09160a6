import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { REFRESH_REUSE_GRACE_MS } from '../auth/sessions';
import { Client, signedIn, useServer } from './harness';
import { closeSockets, connectSocket } from './sockets';

// A session ends for good: a reused refresh token ends the whole session,
// and an ended session keeps no socket (disconnected at the end, checked on
// every subscribe).

// The server's clock: a replay is told from a concurrent refresh by the time since the token was rotated out.
let skew = 0;
const { server } = useServer({}, { now: () => new Date(Date.now() + skew) });
// After hooks run in reverse order (Vitest's stack): the sockets close before useServer's server does.
afterAll(closeSockets);

const connect = (client: Client) => connectSocket(server.url, client);

const disconnected = (socket: Socket) =>
  new Promise<string>((resolve, reject) => {
    if (socket.disconnected) return resolve('already');
    const timer = setTimeout(() => reject(new Error('still connected')), 5000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });

/** Another tab of the same browser: the same cookies, from now on its own. */
const copyOf = (client: Client) => {
  const tab = new Client(server.url);
  for (const [name, value] of client.cookies) tab.cookies.set(name, value);
  return tab;
};

const userId = async (client: Client) => ((await client.get('/api/user')).body.data as { id: number }).id;

describe('ending a session', () => {
  it('a rotated-out refresh token presented again ends the whole session', async () => {
    const client = await signedIn(server, 'admin@example.com');
    const stolen = client.cookies.get('rms_refresh')!;
    expect((await client.post('/api/account/token/refresh')).status).toBe(200);
    const socket = await connect(client);
    const closed = disconnected(socket);
    skew += REFRESH_REUSE_GRACE_MS + 1000;
    const thief = new Client(server.url);
    await thief.get('/api/health');
    thief.cookies.set('rms_refresh', stolen);
    expect((await thief.post('/api/account/token/refresh')).status).toBe(401);
    // The legitimate holder's newer tokens are dead too, and so is its socket.
    expect(await closed).toBe('io server disconnect');
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await client.post('/api/account/token/refresh')).status).toBe(401);
  });

  it('a token rotated out moments ago (a lost answer) is rotated again; after the grace it ends the session', async () => {
    const client = await signedIn(server, 'admin@example.com');
    const lost = client.cookies.get('rms_refresh')!;
    expect((await client.post('/api/account/token/refresh')).status).toBe(200);
    const retry = copyOf(client);
    retry.cookies.set('rms_refresh', lost);
    expect((await retry.post('/api/account/token/refresh')).status).toBe(200);
    expect((await retry.get('/api/user')).status).toBe(200);
    skew += REFRESH_REUSE_GRACE_MS + 1000;
    expect((await retry.post('/api/account/token/refresh')).status).toBe(200);
    const late = copyOf(client);
    late.cookies.set('rms_refresh', lost);
    expect((await late.post('/api/account/token/refresh')).status).toBe(401);
    expect((await retry.get('/api/user')).status).toBe(401);
  });

  it('sign-out disconnects the sockets of the session, not those of other sessions', async () => {
    const client = await signedIn(server, 'baltics.admin@example.com');
    const other = await signedIn(server, 'baltics.admin@example.com');
    const mine = await connect(client);
    const theirs = await connect(other);
    const closed = disconnected(mine);
    expect((await client.post('/api/account/token/revoke')).status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(theirs.connected).toBe(true);
    const ack = await theirs.emitWithAck('subscribe', `notifications.${await userId(other)}`);
    expect(ack).toMatchObject({ success: true });
  });

  it('checks the session on every subscribe', async () => {
    const client = await signedIn(server, 'enduser@example.com');
    const id = await userId(client);
    const socket = await connect(client);
    expect(await socket.emitWithAck('subscribe', `notifications.${id}`)).toMatchObject({ success: true });
    // The session ends behind the hub's back (as when the user is deleted): the next subscribe is refused.
    await server.app.ctx.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).execute();
    const closed = disconnected(socket);
    expect(await socket.emitWithAck('subscribe', `notifications.${id}`)).toMatchObject({
      success: false,
      status: 401,
    });
    expect(await closed).toBe('io server disconnect');
  });
});
