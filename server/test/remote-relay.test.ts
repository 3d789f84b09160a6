import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startRemoteServices, type RemoteServices } from '../../sim/remote';
import { Client, rows, signedIn, useServer } from './harness';
import { closeSockets, completed } from './sockets';

// The RMS Connect relay over real sockets: the browser's websocket on the
// server, the server's SSH and Telnet connections to simulated routers
// (sim/remote) and their VNC desktop. The relay goes only to the entry's address; a session's end,
// its expiry and the user's sign-out close both sides at once.

let skew = 0;
const { server, admin, globex } = useServer(
  { admin: 'admin@example.com', globex: 'globex.admin@example.com' },
  { now: () => new Date(Date.now() + skew) },
);
afterAll(closeSockets);

let routerA: RemoteServices;
let routerB: RemoteServices;
const entries: Record<string, number> = {};

const device = (name: string) => ({ serial: name, name, getState: () => ({ uptime: 5 }), reboot: () => undefined });

beforeAll(async () => {
  routerA = await startRemoteServices(device('Router-A'));
  routerB = await startRemoteServices(device('Router-B'));
  const [first] = rows(await admin.get('/api/devices?limit=1&fields=id'));
  const add = async (protocol: string, port: number, account = true) => {
    const reply = await admin.post('/api/devices/remote-access', {
      device_id: first.id,
      name: `Relay ${protocol}`,
      protocol,
      destination_ip: '127.0.0.1',
      destination_port: port,
      ...(account ? { username: 'root', password: 'admin01' } : {}),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return (reply.body.data as { id: number }).id;
  };
  entries.ssh = await add('ssh', routerA.ssh.port);
  entries.telnet = await add('telnet', routerA.telnet.port, false);
  entries.vnc = await add('vnc', routerA.vnc.port, false);
});
afterAll(async () => {
  await routerA?.close();
  await routerB?.close();
});

async function openLink(entry: number, duration = 60) {
  const done = await completed(server.url, admin, await admin.post(`/api/devices/connect/${entry}`, { duration }));
  const { link_id, url } = done.data as { link_id: number; url: string };
  return { id: link_id, key: new URL(url, server.url).searchParams.get('key')! };
}

interface Relayed {
  socket: WebSocket;
  screen: () => string;
  control: Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
}

function relay(key: string | null, client?: Client, extra = '', origin = server.url): Relayed {
  const query = key === null ? '' : `?key=${encodeURIComponent(key)}${extra}`;
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/remote/relay${query}`, {
    headers: { origin, ...(client ? { cookie: client.cookieHeader() } : {}) },
  });
  let screen = '';
  const control: Record<string, unknown>[] = [];
  socket.on('message', (data, binary) => {
    if (binary) screen += String(data);
    else control.push(JSON.parse(String(data)) as Record<string, unknown>);
  });
  socket.on('open', () =>
    socket.send(JSON.stringify({ type: 'start', cols: 80, rows: 24, host: '127.0.0.1', port: routerB.ssh.port })),
  );
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  socket.on('error', () => undefined);
  return { socket, screen: () => screen, control, closed };
}

const type = (relayed: Relayed, text: string) => relayed.socket.send(Buffer.from(text), { binary: true });

describe('the terminal relay', () => {
  it('opens SSH to the entry with its stored account and relays both ways; the session counts the bytes', async () => {
    const link = await openLink(entries.ssh);
    const relayed = relay(link.key, admin);
    await vi.waitFor(() => expect(relayed.screen()).toContain('root@Router-A:~# '), { timeout: 10_000 });
    expect(relayed.control[0]).toMatchObject({ type: 'session', protocol: 'ssh', name: 'Relay ssh' });
    expect(JSON.stringify(relayed.control)).not.toMatch(/admin01|127\.0\.0\.1/);
    type(relayed, 'echo hello\r');
    await vi.waitFor(() => expect(relayed.screen()).toContain('\r\nhello\r\n'));
    relayed.socket.close();
    await relayed.closed;
    await vi.waitFor(async () => {
      const [session] = rows(await admin.get(`/api/devices/connect/${entries.ssh}/sessions?active=true`));
      expect(session).toMatchObject({ id: link.id, input_data: 'echo hello\r'.length });
      expect(session.output_data).toBeGreaterThan(50);
    });
    await vi.waitFor(() => expect(routerA.connections()).toBe(0));
  });

  it('goes only to the entry: an address in the query or the start message is ignored', async () => {
    const link = await openLink(entries.telnet);
    const relayed = relay(link.key, admin, `&host=127.0.0.1&port=${routerB.telnet.port}`);
    await vi.waitFor(() => expect(relayed.screen()).toContain('Router-A login: '), { timeout: 10_000 });
    expect(routerB.connections()).toBe(0);
    type(relayed, 'root\r');
    await vi.waitFor(() => expect(relayed.screen()).toContain('Password: '));
    type(relayed, 'admin01\r');
    type(relayed, 'echo over telnet\r');
    await vi.waitFor(() => expect(relayed.screen()).toContain('\r\nover telnet\r\n'));
    relayed.socket.close();
    await relayed.closed;
  });

  it("relays a VNC desktop's RFB bytes untouched: the handshake reaches the entry's desktop and back", async () => {
    const link = await openLink(entries.vnc);
    const relayed = relay(link.key, admin);
    await vi.waitFor(() => expect(relayed.screen()).toBe('RFB 003.008\n'), { timeout: 10_000 });
    expect(relayed.control.map((message) => message.type)).toEqual(['session', 'ready']);
    expect(relayed.control[0]).toMatchObject({ protocol: 'vnc', name: 'Relay vnc' });
    type(relayed, 'RFB 003.008\n');
    // One security type offered (None), chosen; the result OK; then the desktop's name in its ServerInit.
    await vi.waitFor(() => expect(relayed.screen().length).toBe(14));
    relayed.socket.send(Buffer.from([1]), { binary: true });
    relayed.socket.send(Buffer.from([1]), { binary: true });
    await vi.waitFor(() => expect(relayed.screen()).toMatch(/Router-A$/));
    relayed.socket.close();
    await relayed.closed;
    await vi.waitFor(() => expect(routerA.connections()).toBe(0));
  });

  it('closes at once a websocket without a valid link, of another tenant, or from another site', async () => {
    expect(await relay(null).closed).toEqual({ code: 4001, reason: 'The link is invalid or has expired.' });
    expect((await relay('x'.repeat(24), admin).closed).code).toBe(4001);
    const telnet = await openLink(entries.telnet);
    // A Telnet link needs a signed-in user of the entry's company; Globex is another tenant.
    expect(await relay(telnet.key).closed).toEqual({
      code: 4003,
      reason: 'You are not allowed to use this remote access.',
    });
    expect((await relay(telnet.key, globex).closed).code).toBe(4003);
    const foreign = relay(telnet.key, admin, '', 'https://evil.example');
    expect((await foreign.closed).code).toBe(1006);
    expect(routerA.connections()).toBe(0);
    // An SSH link is shareable: its holder connects without signing in.
    const ssh = await openLink(entries.ssh);
    const shared = relay(ssh.key);
    await vi.waitFor(() => expect(shared.screen()).toContain('root@Router-A:~# '), { timeout: 10_000 });
    shared.socket.close();
    await shared.closed;
  });

  it('ending the session from the console closes the websocket and the device connection', async () => {
    const link = await openLink(entries.ssh);
    const relayed = relay(link.key, admin);
    await vi.waitFor(() => expect(relayed.screen()).toContain('root@Router-A:~# '), { timeout: 10_000 });
    expect(routerA.connections()).toBe(1);
    expect((await admin.delete(`/api/devices/connect/sessions/${link.id}`)).status).toBe(200);
    expect(await relayed.closed).toEqual({ code: 4000, reason: 'The session was ended.' });
    await vi.waitFor(() => expect(routerA.connections()).toBe(0));
    expect((await relay(link.key, admin).closed).code).toBe(4001);
  });

  it('the time limit closes both sides when the session expires', async () => {
    const link = await openLink(entries.ssh, 30);
    const relayed = relay(link.key, admin);
    await vi.waitFor(() => expect(relayed.screen()).toContain('root@Router-A:~# '), { timeout: 10_000 });
    skew += 31_000;
    expect(await relayed.closed).toEqual({ code: 4008, reason: 'The session time limit has been reached.' });
    await vi.waitFor(() => expect(routerA.connections()).toBe(0));
  });

  it("signing out (the user's session revoked) closes both sides", async () => {
    const user = await signedIn(server, 'admin@example.com');
    const link = await openLink(entries.telnet);
    const relayed = relay(link.key, user);
    await vi.waitFor(() => expect(relayed.screen()).toContain('Router-A login: '), { timeout: 10_000 });
    expect((await user.post('/api/account/token/revoke')).status).toBeLessThan(300);
    expect(await relayed.closed).toEqual({ code: 4011, reason: 'You were signed out.' });
    await vi.waitFor(() => expect(routerA.connections()).toBe(0));
  });
});
