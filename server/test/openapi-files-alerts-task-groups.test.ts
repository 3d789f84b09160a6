import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, operations } from '../openapi/document';
import { rows, signedIn, startServer, type Client, type Reply, type TestServer } from './harness';
import { strictValidator } from './openapi/strict-schema';
import { connectSocket } from './sockets';

// More RMS API item operations over real HTTP: a file's description (PUT
// /files/{id}), one alert (GET /alerts/{id}) and running a task group on
// devices (POST /devices/tasks/groups/{id}); within the caller's companies,
// refused input changing nothing, answers checked strictly against the OpenAPI.

const document = loadDocument();
const validate = strictValidator(document);
const byKey = new Map(operations(document).map((op) => [op.key, op]));

let server: TestServer;
let admin: Client;
let globex: Client;

beforeAll(async () => {
  server = await startServer();
  admin = await signedIn(server, 'admin@example.com');
  globex = await signedIn(server, 'globex.admin@example.com');
});
afterAll(() => server.close());

function expectConforms(key: string, reply: Reply) {
  const check = validate(byKey.get(key)!, reply.status);
  expect(check, `${key}: no schema for ${reply.status}`).not.toBeNull();
  expect(check!(reply.body) ? [] : check!.errors, JSON.stringify(reply.body)).toEqual([]);
}

const sources = (reply: Reply) => (reply.body.errors as { source: string | null }[]).map((e) => e.source);

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

describe('GET /alerts/{id}', () => {
  it('answers one alert of the caller’s companies as a list of its events', async () => {
    const [alert] = rows(await admin.get('/api/alerts?limit=1'));
    expect(alert).toBeDefined();
    const reply = await admin.get(`/api/alerts/${String(alert.id)}`);
    expect(reply.status).toBe(200);
    expectConforms('GET /alerts/{}', reply);
    expect(rows(reply)).toEqual([
      { id: alert.id, device_id: alert.device_id, message: alert.message, created_at: expect.any(String) },
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
