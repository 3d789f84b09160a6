import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRemoteServices, type RemoteServices } from '../../sim/remote';
import { Client, rows, useServer } from './harness';
import { closeSockets, completed } from './sockets';

// Files over SFTP (server/remote/sftp-route.ts) against a simulated router's
// SFTP root (sim/remote), over real sockets: list, upload, download, folders,
// the size and file-name rules, tenancy, every operation in the session's
// log, and a session's end closing its SFTP connection.

const { server, admin, globex } = useServer({ admin: 'admin@example.com', globex: 'globex.admin@example.com' });
afterAll(closeSockets);

let router: RemoteServices;
const entries: Record<string, number> = {};

beforeAll(async () => {
  router = await startRemoteServices({
    serial: 'SFTP-1',
    name: 'Router-S',
    getState: () => ({ uptime: 5 }),
    reboot: () => undefined,
  });
  const [first] = rows(await admin.get('/api/devices?limit=1&fields=id'));
  const add = async (name: string, account: boolean) => {
    const reply = await admin.post('/api/devices/remote-access', {
      device_id: first.id,
      name,
      protocol: 'sftp',
      destination_ip: '127.0.0.1',
      destination_port: router.ssh.port,
      ...(account ? { username: 'root', password: 'admin01' } : {}),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return (reply.body.data as { id: number }).id;
  };
  entries.stored = await add('Files stored', true);
  entries.ask = await add('Files ask', false);
});
afterAll(() => router?.close());

async function openLink(entry: number, duration = 60) {
  const done = await completed(server.url, admin, await admin.post(`/api/devices/connect/${entry}`, { duration }));
  const { link_id, url } = done.data as { link_id: number; url: string };
  expect(url).toMatch(/^\/rms-connect\/sftp\?access_id=\d+&key=/);
  return { id: link_id, key: new URL(url, server.url).searchParams.get('key')! };
}

function upload(key: string, folder: string, name: string, content: Buffer | string) {
  const form = new FormData();
  form.set('path', folder);
  form.set('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), name);
  return admin.raw('POST', `/api/remote/sftp/${key}/file`, { body: form });
}

describe('files over SFTP', () => {
  it('lists, uploads, downloads, makes and deletes folders; each operation is in the session log', async () => {
    const link = await openLink(entries.stored);
    const base = `/api/remote/sftp/${link.key}`;
    const listed = await admin.get(`${base}/list?path=/`);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data).toMatchObject({ path: '/', entries: [{ name: 'README.txt', type: 'file' }] });

    expect((await admin.post(`${base}/folders`, { path: '/', name: 'backups' })).status).toBe(201);
    expect(existsSync(path.join(router.sftpRoot, 'backups'))).toBe(true);
    const sent = await upload(link.key, '/backups', 'config.txt', 'option lan 1\n');
    expect(sent.status, await sent.clone().text()).toBe(201);
    expect(readFileSync(path.join(router.sftpRoot, 'backups', 'config.txt'), 'utf8')).toBe('option lan 1\n');
    const inside = await admin.get(`${base}/list?path=${encodeURIComponent('/backups/../backups')}`);
    expect(inside.body.data).toMatchObject({ path: '/backups', entries: [{ name: 'config.txt', size: 13 }] });
    const entriesOfRoot = (await admin.get(`${base}/list?path=/`)).body.data as { entries: { name: string }[] };
    expect(entriesOfRoot.entries.map((entry) => entry.name)).toEqual(['backups', 'README.txt']);

    const download = await admin.raw('GET', `${base}/file?path=/backups/config.txt`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('filename="config.txt"');
    expect(await download.text()).toBe('option lan 1\n');

    expect((await admin.delete(`${base}/entries?path=/backups/config.txt`)).status).toBe(200);
    expect(existsSync(path.join(router.sftpRoot, 'backups', 'config.txt'))).toBe(false);
    // A folder goes with everything in it, at every depth.
    expect((await admin.post(`${base}/folders`, { path: '/backups', name: 'old' })).status).toBe(201);
    expect((await upload(link.key, '/backups/old', 'a.txt', 'a')).status).toBe(201);
    expect((await upload(link.key, '/backups', 'b.txt', 'b')).status).toBe(201);
    expect((await admin.delete(`${base}/entries?path=/backups`)).status).toBe(200);
    expect(existsSync(path.join(router.sftpRoot, 'backups'))).toBe(false);
    expect(existsSync(path.join(router.sftpRoot, 'README.txt'))).toBe(true);

    const [session] = rows(await admin.get(`/api/devices/connect/${entries.stored}/sessions?active=true`));
    expect(session).toMatchObject({ id: link.id, input_data: 15, output_data: 13 });
    const logged = await server.app.ctx.db
      .selectFrom('remote_access_operations')
      .select(['operation', 'path'])
      .where('history_id', '=', link.id)
      .orderBy('id')
      .execute();
    expect(logged.map((row) => `${row.operation} ${row.path}`)).toEqual([
      'sftp list /',
      'sftp mkdir /backups',
      'sftp upload /backups/config.txt',
      'sftp list /backups',
      'sftp list /',
      'sftp download /backups/config.txt',
      'sftp delete /backups/config.txt',
      'sftp mkdir /backups/old',
      'sftp upload /backups/old/a.txt',
      'sftp upload /backups/b.txt',
      'sftp delete /backups',
    ]);
  });

  it('refuses to delete a folder of over 1,000 entries, and removes nothing of it', async () => {
    const { key } = await openLink(entries.stored);
    const big = path.join(router.sftpRoot, 'logs');
    mkdirSync(path.join(big, 'old'), { recursive: true });
    for (let i = 0; i < 1001; i++) writeFileSync(path.join(big, i < 500 ? 'old' : '', `${i}.log`), 'x');
    try {
      const refused = await admin.delete(`/api/remote/sftp/${key}/entries?path=/logs`);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        errors: [
          { message: 'The folder holds more than 1000 entries: delete what is inside it first.', source: 'path' },
        ],
      });
      expect(readdirSync(big)).toHaveLength(502);
      expect(readdirSync(path.join(big, 'old'))).toHaveLength(500);
    } finally {
      // The router's folder is shared by the other tests here.
      rmSync(big, { recursive: true, force: true });
    }
  });

  it('refuses forbidden names, files over 80 MB, a missing file and paths above the root', async () => {
    const { key } = await openLink(entries.stored);
    const base = `/api/remote/sftp/${key}`;
    for (const name of ['a:b.txt', '.htaccess', 'what?']) {
      const refused = await upload(key, '/', name, 'x');
      expect(refused.status).toBe(422);
      expect(await refused.json()).toMatchObject({
        errors: [{ message: 'File name contains forbidden symbols', source: 'file' }],
      });
    }
    const folder = await admin.post(`${base}/folders`, { path: '/', name: 'a/b' });
    expect(folder.body).toMatchObject({
      errors: [{ message: 'File name contains forbidden symbols', source: 'name' }],
    });
    const large = await upload(key, '/', 'big.bin', Buffer.alloc(83886080 + 1));
    expect(large.status).toBe(413);
    expect(existsSync(path.join(router.sftpRoot, 'big.bin'))).toBe(false);
    expect((await admin.get(`${base}/file?path=/nothing.txt`)).status).toBe(404);
    const above = await admin.get(`${base}/list?path=${encodeURIComponent('/../../..')}`);
    expect(above.body.data).toMatchObject({ path: '/', entries: [{ name: 'README.txt' }] });
    expect((await admin.delete(`${base}/entries?path=/`)).status).toBe(422);
  }, 60_000);

  it('needs a signed-in user of the entry company; a bad key is a 404', async () => {
    const { key } = await openLink(entries.stored);
    expect((await globex.get(`/api/remote/sftp/${key}/list?path=/`)).status).toBe(403);
    const anonymous = new Client(server.url);
    expect((await anonymous.get(`/api/remote/sftp/${key}/list?path=/`)).status).toBe(403);
    expect((await admin.get(`/api/remote/sftp/${'x'.repeat(32)}/list?path=/`)).status).toBe(404);
  });

  it('asks for the account when the entry stores none, and uses the one typed', async () => {
    const { key } = await openLink(entries.ask);
    const before = await admin.get(`/api/remote/sftp/${key}/list?path=/`);
    expect(before.status).toBe(409);
    expect(before.body).toMatchObject({ errors: [{ code: 'CREDENTIALS_REQUIRED' }] });
    const wrong = await admin.post(`/api/remote/sftp/${key}/account`, { username: 'root', password: 'nope' });
    expect(wrong.status).toBe(502);
    expect(wrong.body).toMatchObject({ errors: [{ message: 'The device refused the credentials.' }] });
    const right = await admin.post(`/api/remote/sftp/${key}/account`, { username: 'root', password: 'admin01' });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect((await admin.get(`/api/remote/sftp/${key}/list?path=/`)).status).toBe(200);
  });

  it('ending the session closes its SFTP connection and refuses the key', async () => {
    const link = await openLink(entries.stored);
    expect((await admin.get(`/api/remote/sftp/${link.key}/list?path=/`)).status).toBe(200);
    // The connections of the other tests' sessions stay open (a minute idle); this one closes at once.
    const open = router.connections();
    expect(open).toBeGreaterThan(0);
    await completed(server.url, admin, await admin.delete(`/api/devices/connect/sessions/${link.id}`));
    await vi.waitFor(() => expect(router.connections()).toBe(open - 1));
    expect((await admin.get(`/api/remote/sftp/${link.key}/list?path=/`)).status).toBe(404);
  });
});
