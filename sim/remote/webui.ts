import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DeviceCredentials, RemoteDevice } from './device';
import type { Listening } from './ssh';

// The device's web interface: a login form, a session cookie, and a status
// page with the device's name and state. Its redirects are absolute URLs and
// its cookie is set on path "/", as a router's are, so that a proxy in front
// of it has to keep both inside its own session path.

const COOKIE = 'sysauth';
const LOGIN = '/cgi-bin/luci';
const STATUS = '/cgi-bin/luci/admin/status';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`;

function cookieOf(request: IncomingMessage): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 4096) request.destroy();
    });
    request.on('end', () => resolve(new URLSearchParams(body)));
    request.on('error', reject);
  });
}

function loginForm(device: RemoteDevice, error = ''): string {
  return page(
    `${device.name} - Login`,
    `<h1>${escape(device.name)}</h1>${error ? `<p role="alert">${escape(error)}</p>` : ''}
<form method="post" action="${LOGIN}"><label>Username <input name="username" autocomplete="username"></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<button type="submit">Login</button></form>`,
  );
}

function statusPage(device: RemoteDevice): string {
  const state = device.getState();
  const rows: [string, string][] = [
    ['Name', device.name],
    ['Serial number', device.serial],
    ['Status', state.status ?? 'online'],
    ['Uptime', `${Math.floor(state.uptime)} s`],
    ['WAN IP', state.wanIp ?? ''],
    ['LAN IP', state.lanIp ?? '192.168.1.1'],
    ['Firmware', state.firmware ?? ''],
  ];
  return page(
    `${device.name} - Status`,
    `<h1>Status of ${escape(device.name)}</h1><dl>${rows.map(([k, v]) => `<dt>${k}</dt><dd>${escape(v)}</dd>`).join('')}</dl>
<p><a href="/cgi-bin/luci/logout">Logout</a></p>`,
  );
}

export function listenWebUi(
  device: RemoteDevice,
  credentials: DeviceCredentials,
  host: string,
  port = 0,
): Promise<Listening> {
  const sessions = new Set<string>();
  const send = (
    response: ServerResponse,
    status: number,
    html: string,
    headers: Record<string, string | string[]> = {},
  ) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
    response.end(html);
  };
  const server = createServer((request, response) => {
    const origin = `http://${request.headers.host ?? `${host}:${port}`}`;
    const url = new URL(request.url ?? '/', origin);
    const signedIn = sessions.has(cookieOf(request) ?? '');
    const redirect = (to: string, headers: Record<string, string | string[]> = {}) =>
      send(response, 302, '', { location: `${origin}${to}`, ...headers });
    if (url.pathname === '/') return redirect(LOGIN);
    if (url.pathname === LOGIN && request.method === 'POST') {
      return void readForm(request).then((form) => {
        if (form.get('username') !== credentials.username || form.get('password') !== credentials.password)
          return send(response, 403, loginForm(device, 'Invalid username and/or password!'));
        const token = randomBytes(16).toString('hex');
        sessions.add(token);
        redirect(STATUS, { 'set-cookie': `${COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict` });
      });
    }
    if (url.pathname === LOGIN) return signedIn ? redirect(STATUS) : send(response, 200, loginForm(device));
    if (url.pathname === STATUS) return signedIn ? send(response, 200, statusPage(device)) : redirect(LOGIN);
    if (url.pathname === '/cgi-bin/luci/logout') {
      sessions.delete(cookieOf(request) ?? '');
      return redirect(LOGIN, { 'set-cookie': `${COOKIE}=; Path=/; Max-Age=0` });
    }
    send(response, 404, page('Not found', '<h1>Not found</h1>'));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      port = (server.address() as AddressInfo).port;
      resolve({
        host,
        port,
        connections: () => 0,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
