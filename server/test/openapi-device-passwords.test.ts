import { beforeAll, describe, expect, it } from 'vitest';
import { decryptPassword } from '../services/device-passwords';
import { type Reply, rows, signedIn, useServer } from './harness';
import { expectConforms } from './openapi/conforms';
import { connectSocket } from './sockets';

// Device passwords as the RMS API has them, over real HTTP: generated or set
// passwords are applied as a task on an action channel, the tasks are listed,
// and a task's shown passwords download as CSV, only within the caller's
// companies. The database holds them encrypted, never in clear; refused input
// starts no task. Answers are checked strictly against the OpenAPI.

const { server, admin } = useServer({ admin: 'admin@example.com' });
let devices: number[];
let otherDevice: number;

beforeAll(async () => {
  devices = rows(await admin.get('/api/devices?company_id=1&limit=2&fields=id')).map((d) => d.id as number);
  const globex = await signedIn(server, 'globex.admin@example.com');
  otherDevice = rows(await globex.get('/api/devices?limit=1&fields=id'))[0].id as number;
});

async function completed(reply: Reply, status = 200) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const socket = await connectSocket(server.url, admin);
  const done = new Promise<{ done: number; failed: number }>((resolve) => socket.once('ActionCompleted', resolve));
  socket.emit('subscribe', (reply.body.meta as { channel: string }).channel);
  const result = await done;
  socket.disconnect();
  return result;
}

async function tasks(client = admin) {
  const reply = await client.get('/api/devices/passwords/generated/tasks?limit=100');
  expect(reply.status).toBe(200);
  expectConforms('GET /devices/passwords/generated/tasks', reply);
  return rows(reply);
}

/** The download of the newest task as rows of the CSV (header first). */
async function download(client = admin) {
  const [task] = await tasks();
  const response = await client.raw('GET', `/api/tasks/${String(task.id)}/download/passwords`);
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type'), lines: text.trim().split('\r\n') };
}

const storedPasswords = async () =>
  (await server.app.ctx.db.selectFrom('devices').select(['id', 'password']).where('id', 'in', devices).execute())
    .sort((a, b) => a.id - b.id)
    .map((d) => d.password);

describe('device passwords', () => {
  it('generates passwords, applies them on the channel and downloads them once done', async () => {
    const reply = await admin.post('/api/devices/passwords/generate', {
      data: [
        { id: devices[0], length: 12, use_special: 1 },
        { id: devices[1], length: 20, use_special: 0 },
      ],
    });
    expectConforms('POST /devices/passwords/generate', reply);
    expect(await completed(reply)).toMatchObject({ done: 2, failed: 0 });
    const [task] = await tasks();
    expect(task).toMatchObject({ company_id: 1, total: 2, completed: 2 });
    expect(JSON.stringify(task)).not.toMatch(/password/);
    const { status, type, lines } = await download();
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/csv/);
    expect(lines[0]).toBe('id,name,serial,mac,password');
    const byId = Object.fromEntries(
      lines.slice(1).map((line) => [Number(line.split(',')[0]), line.split(',').at(-1)!]),
    );
    const [a, b] = [byId[devices[0]], byId[devices[1]]];
    expect(a).toHaveLength(12);
    expect(a).toMatch(/[!@#$%^&*()\-_=+]/);
    expect(b).toHaveLength(20);
    expect(b).toMatch(/^[A-Za-z0-9]+$/);
    for (const p of [a, b]) expect(p).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)[A-Za-z0-9]/);
    // Stored encrypted: never the password itself, and it opens to the downloaded one.
    const stored = await storedPasswords();
    expect(stored).not.toContain(a);
    expect(stored.map((s) => decryptPassword(server.app.ctx.tokenKey, s!))).toEqual(
      devices[0] < devices[1] ? [a, b] : [b, a],
    );
  });

  it('sets given passwords, shown in the download only when asked', async () => {
    const hidden = await admin.post('/api/devices/passwords/set', {
      data: [{ id: devices[0], password: 'Secret-Pass-1', password_confirmation: 'Secret-Pass-1' }],
    });
    expectConforms('POST /devices/passwords/set', hidden);
    expect(await completed(hidden)).toMatchObject({ done: 1 });
    const before = await download();
    expect(before.status).toBe(400);
    const shown = await admin.post('/api/devices/passwords/set', {
      data: [
        { id: devices[1], password: 'Shown-Pass-22', password_confirmation: 'Shown-Pass-22', show_password: true },
      ],
    });
    await completed(shown);
    const after = await download();
    expect(after.lines.slice(1)).toHaveLength(1);
    expect(after.lines[1]).toMatch(new RegExp(`^${devices[1]},.*,Shown-Pass-22$`));
    const stored = await storedPasswords();
    expect(stored).not.toContain('Secret-Pass-1');
    expect(stored.map((s) => decryptPassword(server.app.ctx.tokenKey, s!))).toContain('Secret-Pass-1');
  });

  it('sets passwords from an uploaded file, answering 207 with the rows it refused', async () => {
    const serials = rows(await admin.get(`/api/devices?id=${devices.join(',')}&fields=id,serial`));
    const serialOf = (id: number) => String(serials.find((d) => d.id === id)!.serial);
    const upload = async (text: string, show = '1') => {
      const form = new FormData();
      form.append('show_password', show);
      form.append('file', new Blob([text], { type: 'text/csv' }), 'passwords.csv');
      const response = await admin.raw('POST', '/api/devices/passwords/upload', { body: form });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> } as Reply;
    };
    const file = [
      'serial,password',
      `${serialOf(devices[0])},Upload-Pass,1`,
      `${serialOf(devices[1])},short`,
      '0000000000,Nobody-Has-It1',
      `${serialOf(devices[0])},Twice-Listed-1`,
    ].join('\r\n');
    const partial = await upload(file);
    expect(partial.status, JSON.stringify(partial.body)).toBe(207);
    expectConforms('POST /devices/passwords/upload', partial);
    expect(partial.body.data).toEqual([devices[0]]);
    expect((partial.body.errors as { source: string }[]).map((e) => e.source).sort()).toEqual(
      [serialOf(devices[1]), '0000000000', serialOf(devices[0])].sort(),
    );
    expect(await completed(partial, 207)).toMatchObject({ done: 1 });
    const { lines } = await download();
    expect(lines.slice(1)).toEqual([expect.stringMatching(/,"Upload-Pass,1"$/)]);

    const whole = await upload(`${serialOf(devices[1])},Whole-File-22\n`, '0');
    expect(whole.status).toBe(201);
    expectConforms('POST /devices/passwords/upload', whole);
    await completed(whole, 201);
    expect((await download()).status).toBe(400);

    const count = (await tasks()).length;
    const refused = await upload('serial,password\n0000000000,Nobody-Has-It1\n');
    expect(refused.status).toBe(422);
    expectConforms('POST /devices/passwords/upload', refused);
    expect((await upload('serial,password\n')).status).toBe(422);
    expect((await tasks()).length).toBe(count);
  });

  it('refuses bad input with its source, starting no task', async () => {
    const count = (await tasks()).length;
    const stored = await storedPasswords();
    const refused: [string, unknown, string][] = [
      [
        'set',
        { data: [{ id: devices[0], password: 'Secret-Pass-1', password_confirmation: 'Secret-Pass-2' }] },
        'data.0.password_confirmation',
      ],
      ['set', { data: [{ id: devices[0], password: 'short', password_confirmation: 'short' }] }, 'data.0.password'],
      [
        'set',
        { data: [{ id: devices[0], password: '=HYPERLINK(1)', password_confirmation: '=HYPERLINK(1)' }] },
        'data.0.password',
      ],
      ['generate', { data: [{ id: devices[0], length: 7, use_special: 0 }] }, 'data.0.length'],
      ['generate', { data: [{ id: devices[0], length: 33, use_special: 0 }] }, 'data.0.length'],
      ['generate', { data: [{ id: devices[0], length: 12 }] }, 'data.0.use_special'],
      [
        'generate',
        {
          data: [
            { id: devices[0], length: 12, use_special: 0 },
            { id: otherDevice, length: 12, use_special: 0 },
          ],
        },
        'device_id',
      ],
      [
        'generate',
        {
          data: [
            { id: devices[0], length: 12, use_special: 0 },
            { id: devices[0], length: 12, use_special: 0 },
          ],
        },
        // A device named twice is refused on its id, as in every bulk call.
        'device_id',
      ],
      ['generate', { data: [] }, 'data'],
    ];
    for (const [action, body, source] of refused) {
      const reply = await admin.post(`/api/devices/passwords/${action}`, body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expectConforms(`POST /devices/passwords/${action}`, reply);
      expect((reply.body.errors as { source: string }[]).map((e) => e.source)).toContain(source);
    }
    expect((await tasks()).length).toBe(count);
    expect(await storedPasswords()).toEqual(stored);
  });

  it('keeps tasks within their companies and behind update_devices', async () => {
    const [task] = await tasks();
    const globex = await signedIn(server, 'globex.admin@example.com');
    expect((await tasks(globex)).map((t) => t.id)).not.toContain(task.id);
    const foreign = await globex.raw('GET', `/api/tasks/${String(task.id)}/download/passwords`);
    expect(foreign.status).toBe(404);
    const guest = await signedIn(server, 'advguest@example.com');
    expect((await guest.get('/api/devices/passwords/generated/tasks')).status).toBe(403);
    const data = [{ id: devices[0], length: 12, use_special: 0 }];
    expect((await guest.post('/api/devices/passwords/generate', { data })).status).toBe(403);
    expect((await admin.get('/api/tasks/unknown/download/passwords')).status).toBe(404);
  });

  it('lists the devices of a task with their status in it', async () => {
    const [task] = await tasks();
    const reply = await admin.get(`/api/tasks/${String(task.id)}/devices`);
    expect(reply.status).toBe(200);
    expectConforms('GET /tasks/{}/devices', reply);
    const listed = rows(reply);
    expect(listed.length).toBe(task.total);
    for (const device of listed) expect(device).toMatchObject({ status: 'completed', created_at: task.created_at });
    expect(listed.every((d) => devices.includes(d.id as number))).toBe(true);
    const page = await admin.get(
      `/api/tasks/${String(task.id)}/devices?limit=1&offset=0&q=${String(listed[0].serial)}`,
    );
    expect(rows(page).map((d) => d.id)).toEqual([listed[0].id]);
    const globex = await signedIn(server, 'globex.admin@example.com');
    expect((await globex.get(`/api/tasks/${String(task.id)}/devices`)).status).toBe(404);
    const guest = await signedIn(server, 'advguest@example.com');
    expect((await guest.get(`/api/tasks/${String(task.id)}/devices`)).status).toBe(403);
    expect((await admin.get('/api/tasks/unknown/devices')).status).toBe(404);
  });
});
