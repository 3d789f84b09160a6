import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { connect as connectTcp } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { startRemoteServices, type RemoteServices } from './index';

// The simulated router's services over real sockets: SSH (shell, exec,
// SFTP), Telnet and the WebUI.

const reboot = vi.fn();
let services: RemoteServices;

beforeAll(async () => {
  services = await startRemoteServices({
    serial: '1100000042',
    name: 'Test RUT',
    getState: () => ({ uptime: 61, wanIp: '10.9.9.9' }),
    reboot,
  });
});
afterAll(() => services.close());

function sshClient(password = services.credentials.password): Promise<ssh2.Client> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    client.on('ready', () => resolve(client)).on('error', reject);
    client.connect({ ...services.ssh, username: 'root', password, readyTimeout: 10_000 });
  });
}

const sftpOf = (client: ssh2.Client) =>
  new Promise<SFTPWrapper>((resolve, reject) => client.sftp((error, sftp) => (error ? reject(error) : resolve(sftp))));

const call = <T = void>(fn: (cb: (error?: Error | null, value?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => fn((error, value) => (error ? reject(error) : resolve(value as T))));

describe('SSH', () => {
  it('refuses a wrong password', async () => {
    await expect(sshClient('wrong')).rejects.toThrow(/authentication/i);
  });

  it('runs the shell in a terminal and a single command', async () => {
    const client = await sshClient();
    const exec = await call<ssh2.ClientChannel>((cb) => client.exec('uptime', cb));
    let out = '';
    exec.on('data', (data: Buffer) => (out += data));
    await new Promise((resolve) => exec.on('close', resolve));
    expect(out).toBe('up 0:01\n');

    const shell = await call<ssh2.ClientChannel>((cb) => client.shell({ term: 'xterm', cols: 80, rows: 24 }, cb));
    let screen = '';
    shell.on('data', (data: Buffer) => (screen += data));
    await vi.waitFor(() => expect(screen).toContain('root@Test-RUT:~# '));
    shell.write('echo hello\r');
    await vi.waitFor(() => expect(screen).toContain('echo hello\r\nhello\r\n'));
    shell.write('reboot\r');
    await new Promise((resolve) => shell.on('close', resolve));
    expect(reboot).toHaveBeenCalledOnce();
    client.end();
  });

  it('serves SFTP inside the device folder only', async () => {
    const client = await sshClient();
    const sftp = await sftpOf(client);
    expect(await call<string>((cb) => sftp.realpath('../../..', cb))).toBe('/');
    const names = await call<ssh2.FileEntryWithStats[]>((cb) => sftp.readdir('/', cb));
    expect(names.map((entry) => entry.filename)).toContain('README.txt');

    await call((cb) => sftp.mkdir('/logs', cb));
    await call((cb) => sftp.writeFile('/logs/a.txt', 'uploaded', cb));
    expect(await readFile(path.join(services.sftpRoot, 'logs', 'a.txt'), 'utf8')).toBe('uploaded');
    expect(String(await call<Buffer>((cb) => sftp.readFile('/logs/../logs/a.txt', cb)))).toBe('uploaded');

    // Climbing out lands in the root: the host's files are not there.
    await expect(call<Buffer>((cb) => sftp.readFile('../../../../etc/passwd', cb))).rejects.toThrow(/No such file/);
    await expect(call<unknown>((cb) => sftp.stat('/../../etc/hostname', cb))).rejects.toThrow(/No such file/);
    await call((cb) => sftp.writeFile('../../escape.txt', 'x', cb));
    expect(await readFile(path.join(services.sftpRoot, 'escape.txt'), 'utf8')).toBe('x');
    await expect(call((cb) => sftp.symlink('/etc/passwd', '/link', cb))).rejects.toThrow();
    await expect(call((cb) => sftp.rmdir('/', cb))).rejects.toThrow();

    await call((cb) => sftp.unlink('/logs/a.txt', cb));
    await call((cb) => sftp.rmdir('/logs', cb));
    expect(
      (await call<ssh2.FileEntryWithStats[]>((cb) => sftp.readdir('/', cb))).map((e) => e.filename).sort(),
    ).toEqual(['README.txt', 'escape.txt']);
    client.end();
  });
});

describe('Telnet', () => {
  it('logs in with the device account and runs the shell', async () => {
    const socket = connectTcp(services.telnet.port, services.telnet.host);
    let screen = '';
    socket.on('data', (data: Buffer) => (screen += data));
    await vi.waitFor(() => expect(screen).toContain('Test RUT login: '));
    socket.write(Buffer.from([0xff, 0xfd, 0x01])); // IAC DO ECHO, dropped
    socket.write('root\r\n');
    await vi.waitFor(() => expect(screen).toContain('Password: '));
    socket.write('admin01\r\n');
    await vi.waitFor(() => expect(screen).toContain('root@Test-RUT:~# '));
    expect(screen).not.toContain('admin01');
    socket.write('echo over telnet\r\n');
    await vi.waitFor(() => expect(screen).toContain('\r\nover telnet\r\n'));
    socket.write('exit\r\n');
    await new Promise((resolve) => socket.on('close', resolve));
  });
});

describe('WebUI', () => {
  it('signs in with a form, sets a cookie on / and redirects to the status page', async () => {
    const base = `http://${services.http.host}:${services.http.port}`;
    const first = await fetch(`${base}/cgi-bin/luci/admin/status`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(`${base}/cgi-bin/luci`);
    expect(await (await fetch(`${base}/cgi-bin/luci`)).text()).toContain('<input name="password" type="password"');

    const wrong = await fetch(`${base}/cgi-bin/luci`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'root', password: 'x' }),
    });
    expect(wrong.status).toBe(403);
    const login = await fetch(`${base}/cgi-bin/luci`, {
      method: 'POST',
      body: new URLSearchParams({ username: 'root', password: 'admin01' }),
      redirect: 'manual',
    });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe(`${base}/cgi-bin/luci/admin/status`);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^sysauth=\w+; Path=\//);
    const status = await fetch(`${base}/cgi-bin/luci/admin/status`, { headers: { cookie: cookie.split(';')[0] } });
    const html = await status.text();
    expect(html).toContain('Status of Test RUT');
    expect(html).toContain('1100000042');
  });
});
