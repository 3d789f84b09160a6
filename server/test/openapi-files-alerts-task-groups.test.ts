import { describe, expect, it } from 'vitest';
import { rows, signedIn, useServer } from './harness';
import { expectConforms, sources } from './openapi/conforms';
import { crc32 } from '../http/zip';
import { connectSocket } from './sockets';

// More RMS API item operations over real HTTP: a file's description (PUT
// /files/{id}), files as one ZIP archive (POST /files/download/zip), one alert (GET /alerts/{id}) and running a task group on
// devices (POST /devices/tasks/groups/{id}); within the caller's companies,
// refused input changing nothing, answers checked strictly against the OpenAPI.

const { server, admin, globex } = useServer({ admin: 'admin@example.com', globex: 'globex.admin@example.com' });

describe('PUT /files/{id}', () => {
  it('describes a file of the caller’s companies', async () => {
    const [file] = rows(await admin.get('/api/files?limit=1'));
    const path = `/api/files/${String(file.id)}`;
    const reply = await admin.put(path, { description: 'Firmware for the depot' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectConforms('PUT /files/{}', reply);
    const read = await admin.get(path);
    expectConforms('GET /files/{}', read);
    expect(read.body.data).toMatchObject({ description: 'Firmware for the depot' });

    for (const [body, source] of [
      [{ description: 'x'.repeat(256) }, 'description'],
      [{}, 'description'],
      [{ description: 'ok', name: 'renamed' }, 'name'],
    ] as const) {
      const refused = await admin.put(path, body);
      expect(refused.status).toBe(422);
      expectConforms('PUT /files/{}', refused);
      expect(sources(refused)).toContain(source);
    }
    expect((await globex.put(path, { description: 'Theirs' })).status).toBe(404);
    const guest = await signedIn(server, 'advguest@example.com');
    expect((await guest.put(path, { description: 'Guest' })).status).toBe(403);
    expect((await admin.get(path)).body.data).toMatchObject({ description: 'Firmware for the depot' });
  });
});

/** The entries of a stored ZIP archive, read from its central directory. */
function unzip(archive: Buffer) {
  const end = archive.length - 22;
  expect(archive.readUInt32LE(end)).toBe(0x06054b50);
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const entries: { name: string; content: Buffer; crc: number }[] = [];
  for (let i = 0; i < count; i++) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = archive.readUInt16LE(at + 28);
    const offset = archive.readUInt32LE(at + 42);
    const size = archive.readUInt32LE(at + 20);
    expect(archive.readUInt32LE(offset)).toBe(0x04034b50);
    const start = offset + 30 + archive.readUInt16LE(offset + 26) + archive.readUInt16LE(offset + 28);
    entries.push({
      name: archive.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      content: archive.subarray(start, start + size),
      crc: archive.readUInt32LE(at + 16),
    });
    at += 46 + nameLength + archive.readUInt16LE(at + 30) + archive.readUInt16LE(at + 32);
  }
  return entries;
}

describe('POST /files/download/zip', () => {
  it('archives files of the caller’s companies, each name once, and refuses others', async () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    const ids: number[] = [];
    for (const text of ['first', 'second']) {
      const form = new FormData();
      form.append('type', 'custom_file');
      form.append('file', new Blob([text], { type: 'text/plain' }), 'same.txt');
      const response = await admin.raw('POST', '/api/files', { body: form });
      expect(response.status).toBe(200);
      ids.push(((await response.json()) as { data: { id: number } }).data.id);
    }
    const response = await admin.raw('POST', '/api/files/download/zip', {
      body: JSON.stringify({ files: ids }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    expect(entries.map((e) => [e.name, e.content.toString()])).toEqual([
      ['same.txt', 'first'],
      ['same (2).txt', 'second'],
    ]);
    for (const e of entries) expect(e.crc).toBe(crc32(e.content));

    const theirs = rows(await globex.get('/api/files?limit=1'))[0]?.id as number | undefined;
    for (const files of [
      [ids[0], 999999],
      ...(theirs ? [[ids[0], theirs]] : []),
      [],
      Array.from({ length: 51 }, (_, i) => i + 1),
    ]) {
      const refused = await admin.post('/api/files/download/zip', { files });
      expect(refused.status, JSON.stringify(files)).toBe(422);
      expect(sources(refused)[0]).toMatch(/^files/);
    }
  });
});

describe('GET /alerts/{id}', () => {
  it('answers one alert of the caller’s companies as a list of its events', async () => {
    const [alert] = rows(await admin.get('/api/alerts?limit=1'));
    expect(alert).toBeDefined();
    const reply = await admin.get(`/api/alerts/${String(alert.id)}`);
    expect(reply.status).toBe(200);
    expectConforms('GET /alerts/{}', reply);
    // A whole record: the configuration that raised it is null where none is known.
    expect(rows(reply)).toEqual([
      {
        id: alert.id,
        device_id: alert.device_id,
        message: alert.message,
        created_at: expect.any(String),
        alerts_configs_id: null,
      },
    ]);
    expect((await globex.get(`/api/alerts/${String(alert.id)}`)).status).toBe(404);
    const online = rows(await admin.get('/api/devices?status=1&limit=1&fields=id'))[0].id;
    expect((await admin.get(`/api/alerts/${String(online)}`)).status).toBe(404);
  });
});

describe('POST /devices/tasks/groups/{id}', () => {
  it('runs a task group on devices on an action channel, logged per device', async () => {
    const group = rows(await admin.get('/api/devices/tasks/groups?company_id=1&limit=1'))[0];
    const tasks = rows(await admin.get(`/api/devices/tasks?group_id=${String(group.id)}`));
    const devices = rows(await admin.get('/api/devices?company_id=1&limit=2&fields=id')).map((d) => d.id as number);
    const path = `/api/devices/tasks/groups/${String(group.id)}`;
    const reply = await admin.post(path, { device_id: devices, tasks: [{ task_id: tasks[0].id, variables: [] }] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectConforms('POST /devices/tasks/groups/{}', reply);
    const socket = await connectSocket(server.url, admin);
    const done = new Promise<{ done: number }>((resolve) => socket.once('ActionCompleted', resolve));
    socket.emit('subscribe', (reply.body.meta as { channel: string }).channel);
    expect(await done).toMatchObject({ done: 2 });
    socket.disconnect();
    const logs = rows(await admin.get(`/api/devices/${devices[0]}/logs`));
    expect(logs[0]).toMatchObject({ type: 'task_group', log: `${String(group.name)}: ${String(tasks[0].name)}` });

    const theirs = rows(await globex.get('/api/devices?limit=1&fields=id'))[0].id as number;
    const before = rows(await admin.get('/api/devices/logs?limit=100')).length;
    for (const [body, source] of [
      [{ device_id: devices, tasks: [{ task_id: Number(tasks[0].id) + 50 }] }, 'tasks.0.task_id'],
      [{ device_id: [devices[0], theirs] }, 'device_id'],
      [{ device_id: [] }, 'device_id'],
      [{ tasks: [] }, 'device_id'],
    ] as const) {
      const refused = await admin.post(path, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expectConforms('POST /devices/tasks/groups/{}', refused);
      expect(sources(refused)).toContain(source);
    }
    expect(rows(await admin.get('/api/devices/logs?limit=100')).length).toBe(before);
    const foreign = rows(await globex.get('/api/devices/tasks/groups?limit=1'))[0];
    if (foreign)
      expect((await admin.post(`/api/devices/tasks/groups/${String(foreign.id)}`, { device_id: devices })).status).toBe(
        404,
      );
    expect((await globex.post(path, { device_id: [theirs] })).status).toBe(404);
  });
});
