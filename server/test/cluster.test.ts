import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, rows } from './harness';
import { sharedBackend, type SharedBackend } from './instances';
import { startServerProcess, stopServerProcesses, type ServerProcess } from './process';
import { closeSockets, connectSocket } from './sockets';

// Two instances of the real server (server/main.ts, separate processes) on
// loopback over one database (PostgreSQL in the postgres project, one SQLite
// file in the sqlite one) and one Redis: sessions, sign-outs, role changes,
// the login rate limit, realtime events and bulk jobs cross from one instance
// to the other, and a job outlives the instance that started it.

let backend: SharedBackend | undefined;
let env: Record<string, string>;
let a: ServerProcess;
let b: ServerProcess;

beforeAll(async () => {
  backend = await sharedBackend('cluster');
  env = { ...backend.env, BULK_CHUNK_SIZE: '10', BULK_PAUSE_MS: '1000' };
  a = await startServerProcess(env);
  b = await startServerProcess(env);
}, 120_000);

afterAll(async () => {
  closeSockets();
  await stopServerProcesses([a, b]);
  await backend?.remove();
});

async function signIn(server: ServerProcess, email: string): Promise<Client> {
  const client = new Client(server.url);
  const reply = await client.login(email);
  if (reply.status !== 200) throw new Error(`login ${email}: ${reply.status}`);
  return client;
}

/** The same browser (its cookies) talking to another instance. */
function sameSessionOn(server: ServerProcess, client: Client): Client {
  const moved = new Client(server.url);
  for (const [name, value] of client.cookies) moved.cookies.set(name, value);
  return moved;
}

async function socketOn(server: ServerProcess, client: Client, channel: string): Promise<Socket> {
  const socket = await connectSocket(server.url, client);
  const subscribed = new Promise((resolve) => socket.once('subscribed', resolve));
  socket.emit('subscribe', channel);
  await subscribed;
  return socket;
}

function next<T>(socket: Socket, event: string, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe('two instances over one database and one Redis', () => {
  it('accepts a session from A on B', async () => {
    const onA = await signIn(a, 'admin@example.com');
    const onB = sameSessionOn(b, onA);
    const user = await onB.get<{ data: { email: string } }>('/api/user');
    expect(user.status).toBe(200);
    expect(user.body.data.email).toBe('admin@example.com');
  });

  it('refuses on B a session signed out on A', async () => {
    const onA = await signIn(a, 'super@example.com');
    const onB = sameSessionOn(b, onA);
    expect((await onB.get('/api/user')).status).toBe(200); // cached on B now
    expect((await onA.post('/api/account/token/revoke', {})).status).toBe(200);
    expect((await onB.get('/api/user')).status).toBe(401);
  });

  it('delivers live, on a socket connected to B, a notification created through A', async () => {
    const admin = await signIn(a, 'admin@example.com');
    const socket = await socketOn(b, sameSessionOn(b, admin), 'notifications.2');
    const created = next<{ channel: string; data: { type: string } }>(socket, 'WebNotificationCreated');
    const enduser = await signIn(a, 'enduser@example.com');
    expect((await enduser.post('/api/credits/codes/activate', { code: 'acme-7k2q-9xhd-41pa' })).status).toBe(200);
    expect(await created).toMatchObject({ channel: 'notifications.2', data: { type: 'creditCodeActivation' } });
  });

  it('applies on B, at the next call, a role change made through A', async () => {
    const admin = await signIn(a, 'admin@example.com');
    const newbie = await signIn(b, 'newbie@example.com');
    const me = await newbie.get<{ data: { id: number; company_id: number; role: { name: string } } }>('/api/user');
    expect(me.body.data.role.name).toBe('end_user');
    const setRole = async (role: string) => {
      const reply = await admin.put(`/api/users/${me.body.data.id}`, {
        company_id: String(me.body.data.company_id),
        role,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    };
    // view_statistics: end_user has it, read_only does not.
    expect((await newbie.get('/api/statistics/months')).status).toBe(200); // the caller is cached on B now
    await setRole('read_only');
    const refused = await newbie.get('/api/statistics/months');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, errors: [{ code: 'FORBIDDEN' }] });
    // And back: the read_only caller B just cached goes too.
    await setRole('end_user');
    expect((await newbie.get('/api/statistics/months')).status).toBe(200);
  });

  it('counts failed logins on A and B together: the limit trips on B, which saw one of them', async () => {
    // A throwaway account (the address 127.0.0.1 counts 5 of its 20); five failures per account within 15 minutes.
    const email = `cluster-${randomBytes(4).toString('hex')}@example.com`;
    const attempt = (server: ServerProcess) => new Client(server.url).login(email, 'not-the-password');
    for (let i = 0; i < 4; i++) expect((await attempt(a)).status).toBe(401);
    const failed = await attempt(b);
    expect(failed.status).toBe(401);
    expect(failed.body).toMatchObject({ errors: [{ code: 'INVALID_CREDENTIALS' }] });
    const limited = await attempt(b);
    expect(limited.status).toBe(429);
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(limited.body).toEqual({
      success: false,
      errors: [
        {
          code: 'TOO_MANY_ATTEMPTS',
          message: `Too many login attempts. Please try again in ${wait} seconds.`,
          source: null,
        },
      ],
    });
    expect((await attempt(a)).status).toBe(429);
  });

  it('reports on B the progress of a bulk job running on A, and completes it after A is killed', async () => {
    // B restarts once the job runs on A, so that A (not B's worker) took it.
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
    const admin = await signIn(a, 'admin@example.com');
    const devices = rows(await admin.get('/api/devices?limit=200&fields=id'));
    expect(devices.length).toBe(200);
    const reply = await admin.post<{ meta: { channel: string } }>('/api/devices/tags/assign', {
      device_id: devices.map((d) => d.id),
      tag_id: 2,
    });
    expect(reply.status).toBe(200);
    const { channel } = reply.body.meta;
    b = await startServerProcess(env);
    const socket = await socketOn(b, sameSessionOn(b, admin), channel);
    const progress = await next<{ done: number; total: number; status: string }>(socket, 'ActionProgress');
    expect(progress).toMatchObject({ total: 200, status: 'running' });
    expect(progress.done).toBeLessThan(200);

    a.child.kill('SIGKILL');
    expect(await a.exited).toBe('SIGKILL');
    const completed = await next<{ done: number; total: number; status: string }>(socket, 'ActionCompleted', 60_000);
    expect(completed).toMatchObject({ channel, total: 200, done: 200, status: 'completed' });
    const onB = sameSessionOn(b, admin);
    const ids = devices.map((d) => d.id).join(',');
    expect(rows(await onB.get(`/api/devices?tag_id=2&id=${ids}&limit=1000&fields=id`))).toHaveLength(200);
  }, 120_000);
});
