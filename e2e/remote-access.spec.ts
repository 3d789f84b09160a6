import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startRemoteServices, type RemoteServices } from '../sim/remote';
import { api, login } from './support/login';

// RMS Connect end to end: a simulated router's SSH server (sim/remote) on
// loopback, a remote access entry pointing at it, Connect on the device
// page opening the SSH page in a new tab, and the terminal talking to the
// router through the server's relay.

let router: RemoteServices;
let deviceId: number;
// Entry names of this worker (a retried worker makes its own entries again).
const run = Date.now().toString(36);
const SSH = `E2E SSH ${run}`;
const SFTP = `E2E SFTP ${run}`;
const WEBUI = `E2E WebUI ${run}`;
const VNC = `E2E VNC ${run}`;

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  router = await startRemoteServices({
    serial: '1100009999',
    name: 'E2E-RUT',
    getState: () => ({ uptime: 42 }),
    reboot: () => undefined,
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  // A device the read-only guest sees too (Acme Nordics), its SSH entry made by the admin.
  await login(page, 'guest@example.com', { path: null });
  const devices = await (await api(page, 'GET', '/devices?limit=1&fields=id')).json();
  deviceId = devices.data[0].id;
  await context.clearCookies();
  await login(page, 'admin@example.com', { path: null });
  const created = await api(page, 'POST', '/devices/remote-access', {
    device_id: deviceId,
    name: SSH,
    protocol: 'ssh',
    destination_ip: '127.0.0.1',
    destination_port: router.ssh.port,
    username: 'root',
    password: 'admin01',
  });
  expect(created.status(), await created.text()).toBe(201);
  const files = await api(page, 'POST', '/devices/remote-access', {
    device_id: deviceId,
    name: SFTP,
    protocol: 'sftp',
    destination_ip: '127.0.0.1',
    destination_port: router.ssh.port,
    username: 'root',
    password: 'admin01',
  });
  expect(files.status(), await files.text()).toBe(201);
  const web = await api(page, 'POST', '/devices/remote-access', {
    device_id: deviceId,
    name: WEBUI,
    protocol: 'http',
    destination_ip: '127.0.0.1',
    destination_port: router.http.port,
  });
  expect(web.status(), await web.text()).toBe(201);
  const desktop = await api(page, 'POST', '/devices/remote-access', {
    device_id: deviceId,
    name: VNC,
    protocol: 'vnc',
    destination_ip: '127.0.0.1',
    destination_port: router.vnc.port,
  });
  expect(desktop.status(), await desktop.text()).toBe(201);
  await context.close();
});

test.afterAll(() => router?.close());

const connectButton = `Connect: ${SSH}`;

test('Connect (SSH) on the device page opens a terminal in a new tab: echo hello answers hello', async ({ page }) => {
  await login(page, 'admin@example.com', { path: `/devices/${deviceId}` });
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: connectButton }).click(),
  ]);
  await tab.waitForURL(/\/rms-connect\/ssh\?access_id=\d+&key=/);
  const input = tab.getByRole('textbox', { name: 'Terminal input' });
  await expect(tab.locator('.xterm-rows')).toContainText('root@E2E-RUT:~#', { timeout: 15_000 });
  await expect(input).toBeFocused();
  await input.pressSequentially('echo hello');
  await input.press('Enter');
  // One row of the terminal holds the answer alone.
  await expect(tab.locator('.xterm-rows > div').filter({ hasText: /^hello\s*$/ })).toHaveCount(1);
  await expect(tab.getByRole('timer')).toContainText(/Session ends in \d+:\d\d/);
  await input.pressSequentially('exit');
  await input.press('Enter');
  await expect(tab.getByRole('status')).toContainText('Connection closed');
  await tab.getByRole('button', { name: 'Reconnect' }).click();
  await expect(tab.getByRole('status')).toHaveCount(0);
  await expect(tab.locator('.xterm-rows')).toContainText('root@E2E-RUT:~#', { timeout: 15_000 });
});

test('a guest sees no Connect', async ({ page }) => {
  await login(page, 'guest@example.com', { path: `/devices/${deviceId}` });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Connect/ })).toHaveCount(0);
});

test('Connect on a Remote access row opens its terminal: a command runs on the simulated router', async ({
  page,
  browser,
}) => {
  await login(page, 'admin@example.com', { path: '/remote/access' });
  await page.getByRole('searchbox').first().fill(SSH);
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Connect ${SSH}` }).click(),
  ]);
  await tab.waitForURL(/\/rms-connect\/ssh\?access_id=\d+&key=/);
  const input = tab.getByRole('textbox', { name: 'Terminal input' });
  await expect(tab.locator('.xterm-rows')).toContainText('root@E2E-RUT:~#', { timeout: 15_000 });
  await input.pressSequentially('uptime');
  await input.press('Enter');
  await expect(tab.locator('.xterm-rows')).toContainText(/up \d+:\d\d/);
  // The SSH link is shareable: it opens without signing in, in a browser with no session of the console.
  await expect(tab.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const stranger = await browser.newContext();
  try {
    const shared = await stranger.newPage();
    await shared.goto(tab.url());
    await expect(shared.locator('.xterm-rows')).toContainText('root@E2E-RUT:~#', { timeout: 15_000 });
  } finally {
    await stranger.close();
  }
});

test('Connect on the Remote access detail page opens the terminal of that entry', async ({ page }) => {
  // The entry's row once the search has narrowed the list to it (a click on the row of the list before the search
  // answered was lost with that list), then its page.
  const openEntry = async () => {
    await page.getByRole('searchbox').first().fill(SSH);
    await expect(page.getByText(/^1–1 of 1/)).toBeVisible();
    await page.getByRole('link', { name: SSH }).click();
    await expect(page).toHaveURL(/\/remote\/access\/\d+/);
  };
  await login(page, 'admin@example.com', { path: '/remote/access' });
  await openEntry();
  await expect(page.getByText('127.0.0.1')).toBeVisible();
  const [tab] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Connect' }).click()]);
  await expect(tab.locator('.xterm-rows')).toContainText('root@E2E-RUT:~#', { timeout: 15_000 });
  await expect(tab.getByRole('heading', { level: 1 })).toContainText(SSH);
  // The entry's sessions are listed under it, newest first; ending the open one closes its terminal at once.
  await page.getByRole('link', { name: 'Remote access', exact: true }).first().click();
  await openEntry();
  const sessions = page.getByRole('table', { name: 'Sessions' });
  await expect(sessions.getByRole('row').nth(1)).toContainText(/\d+m/, { timeout: 30_000 });
  await sessions
    .getByRole('button', { name: /^End session/ })
    .first()
    .click();
  await page.getByRole('dialog', { name: 'End this session?' }).getByRole('button', { name: 'End session' }).click();
  await expect(tab.getByRole('status')).toContainText('Connection closed');
});

test('SFTP: the device folder is listed; a file uploads and downloads, a folder is made and deleted', async ({
  page,
}) => {
  await login(page, 'admin@example.com', { path: null });
  // The account's time zone (issue 32, item 4) dates the files, whatever the browser's.
  expect((await api(page, 'PUT', '/api/account/user', { time_zone: 'Asia/Tokyo' })).status()).toBe(200);
  try {
    await sftpWalk(page);
  } finally {
    await api(page, 'PUT', '/api/account/user', { time_zone: null });
  }
});

async function sftpWalk(page: Page) {
  await page.goto('/remote/access');
  await page.getByRole('searchbox').first().fill(SFTP);
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Connect ${SFTP}` }).click(),
  ]);
  await tab.waitForURL(/\/rms-connect\/sftp\?access_id=\d+&key=/);
  const files = tab.getByRole('table');
  const readme = files.getByRole('row').filter({ hasText: 'README.txt' });
  await expect(readme).toBeVisible({ timeout: 15_000 });
  const modified = statSync(path.join(router.sftpRoot, 'README.txt')).mtime;
  const tokyo = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Tokyo' });
  await expect(readme.locator('time')).toHaveText(tokyo.format(modified));
  await tab.getByRole('textbox', { name: 'Folder name' }).fill('logs');
  await tab.getByRole('button', { name: 'New folder' }).click();
  await tab.getByRole('button', { name: 'logs/' }).click();
  await expect(tab.getByLabel('Folder', { exact: true })).toHaveText('/logs');
  await expect(files).toContainText('The folder is empty.');
  await tab
    .getByLabel('Upload file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(files.getByRole('row').filter({ hasText: 'notes.txt' })).toContainText('2 Bytes');
  expect(readFileSync(path.join(router.sftpRoot, 'logs', 'notes.txt'), 'utf8')).toBe('hi');
  // A forbidden name is refused before it is sent.
  await tab
    .getByLabel('Upload file')
    .setInputFiles({ name: 'a:b.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expect(tab.getByRole('alert')).toHaveText('File name contains forbidden symbols');
  const [download] = await Promise.all([
    tab.waitForEvent('download'),
    tab.getByRole('button', { name: 'Download notes.txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('notes.txt');
  tab.on('dialog', (dialog) => void dialog.accept());
  await tab.getByRole('button', { name: 'Delete notes.txt' }).click();
  await expect(files).toContainText('The folder is empty.');
  await tab.getByRole('button', { name: 'Up', exact: true }).click();
  await tab.getByRole('button', { name: 'Delete logs' }).click();
  await expect(tab.getByRole('button', { name: 'logs/' })).toHaveCount(0);
  expect(existsSync(path.join(router.sftpRoot, 'logs'))).toBe(false);
}

test("WebUI: Connect opens the router's web interface under the session path; its login works", async ({ page }) => {
  await login(page, 'admin@example.com', { path: `/devices/${deviceId}` });
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Connect: ${WEBUI}` }).click(),
  ]);
  await tab.waitForURL(/\/rms-connect\/webui\/[\w-]+\/cgi-bin\/luci$/);
  const session = new URL(tab.url()).pathname.replace(/cgi-bin\/luci$/, '');
  await expect(tab.getByRole('heading', { name: 'E2E-RUT' })).toBeVisible();
  await tab.getByLabel('Username').fill('root');
  await tab.getByLabel('Password').fill('admin01');
  await tab.getByRole('button', { name: 'Login' }).click();
  await expect(tab.getByRole('heading', { name: 'Status of E2E-RUT' })).toBeVisible();
  expect(new URL(tab.url()).pathname).toBe(`${session}cgi-bin/luci/admin/status`);
  // The device's session cookie stays on the server; the console's own cookies stay as they were.
  const cookies = await tab.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).not.toContain('sysauth');
});

test("Desktop: Connect opens the router's VNC desktop in noVNC; a click paints on it, through the relay", async ({
  page,
}) => {
  await login(page, 'admin@example.com', { path: `/devices/${deviceId}` });
  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Connect: ${VNC}` }).click(),
  ]);
  await tab.waitForURL(/\/rms-connect\/desktop\?access_id=\d+&key=/);
  const screen = tab.getByRole('application', { name: 'Remote desktop screen' });
  const canvas = screen.locator('canvas');
  // The desktop's size (640 x 400) and its background drawn from the device's frames.
  await expect
    .poll(() => canvas.evaluate((c: HTMLCanvasElement) => `${c.width}x${c.height}`), { timeout: 15_000 })
    .toBe('640x400');
  const pixel = (x: number, y: number) =>
    canvas.evaluate(
      (c: HTMLCanvasElement, [px, py]) => [...c.getContext('2d')!.getImageData(px, py, 1, 1).data.slice(0, 3)],
      [x, y],
    );
  await expect.poll(() => pixel(320, 300)).toEqual([16, 42, 67]);
  await expect(tab.getByRole('timer')).toContainText(/Session ends in \d+:\d\d/);
  // A click at the middle of the scaled canvas lands at the middle of the desktop, where the device paints.
  await canvas.click();
  await expect.poll(() => pixel(320, 200)).toEqual([255, 128, 0]);
  // "c" on the keyboard (the desktop has focus since the click) clears it.
  await tab.keyboard.press('c');
  await expect.poll(() => pixel(320, 200)).toEqual([16, 42, 67]);
  await expect(tab.getByRole('button', { name: 'Copy link' })).toBeVisible();
  await tab.screenshot({ path: test.info().outputPath('desktop.png') });
});
