import { beforeAll, describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';
import { expectConforms, sources } from './openapi/conforms';

// PUT and DELETE /devices/tasks/{id} of the RMS API over real HTTP: a task of
// a task group is a stored record whose settings change and read back (the
// list and the group's edit form), removed once; other tenants and guests are
// refused and refused input changes nothing.

const { admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'advguest@example.com',
});

let group: number;
const tasks = async () => rows(await admin.get(`/api/devices/tasks?group_id=${group}`));

beforeAll(async () => {
  const reply = await admin.post('/api/devices/tasks/groups', {
    name: 'Depot maintenance',
    tasks: [
      { name: 'Check disk', type: 'command', timeout: '30', command: 'df -h' },
      { name: 'Fetch log', type: 'download_file', timeout: '60', file: '/var/log/messages' },
    ],
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  group = (reply.body.data as { id: number }).id;
});

describe('device tasks', () => {
  it('stores the tasks of a new group with their settings', async () => {
    const listed = await tasks();
    expect(listed.map((t) => [t.name, t.order, t.type, t.timeout, t.stop_on_failure, t.data])).toEqual([
      ['Check disk', 1, 'command', 30, false, { command: 'df -h' }],
      ['Fetch log', 2, 'download_file', 60, false, { file: '/var/log/messages' }],
    ]);
  });

  it('updates a task of the caller’s companies and reads it back', async () => {
    const [first] = await tasks();
    let path = `/api/devices/tasks/${String(first.id)}`;
    const body = { name: 'Check disks', order: 3, stop_on_failure: true, timeout: 120 };
    const reply = await admin.put(path, body);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectConforms('PUT /devices/tasks/{}', reply);
    expect((await tasks()).map((t) => [t.id, t.name, t.order, t.timeout, t.stop_on_failure])).toEqual([
      [expect.any(Number), 'Fetch log', 2, 60, false],
      [first.id, 'Check disks', 3, 120, true],
    ]);
    const form = (await admin.get(`/api/devices/tasks/groups/${group}`)).body.data as { tasks: { name: string }[] };
    expect(form.tasks.map((t) => t.name)).toEqual(['Fetch log', 'Check disks']);
    // The edit form saves the tasks it loaded (it has no stop-on-failure column): each task keeps its id and its
    // stop-on-failure setting; a task the form leaves out is removed.
    const before = await tasks();
    const saved = await admin.put(`/api/devices/tasks/groups/${group}`, {
      name: 'Depot maintenance',
      tasks: form.tasks,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await tasks()).map((t) => [t.id, t.name, t.order, t.timeout, t.stop_on_failure])).toEqual([
      [before[0].id, 'Fetch log', 1, 60, false],
      [before[1].id, 'Check disks', 2, 120, true],
    ]);
    const dropped = await admin.put(`/api/devices/tasks/groups/${group}`, {
      name: 'Depot maintenance',
      tasks: form.tasks.filter((t) => t.name === 'Check disks'),
    });
    expect(dropped.status, JSON.stringify(dropped.body)).toBe(200);
    expect((await tasks()).map((t) => [t.id, t.name, t.order, t.stop_on_failure])).toEqual([
      [before[1].id, 'Check disks', 1, true],
    ]);
    const restored = await admin.put(`/api/devices/tasks/groups/${group}`, {
      name: 'Depot maintenance',
      tasks: form.tasks,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect((await tasks()).map((t) => [t.name, t.stop_on_failure])).toEqual([
      ['Fetch log', false],
      ['Check disks', true],
    ]);
    path = `/api/devices/tasks/${String((await tasks())[1].id)}`;
    for (const [bad, source] of [
      [{ ...body, timeout: 0 }, 'timeout'],
      [{ ...body, timeout: 301 }, 'timeout'],
      [{ ...body, order: -1 }, 'order'],
      [{ ...body, name: ' ' }, 'name'],
      [{ ...body, stop_on_failure: 'yes' }, 'stop_on_failure'],
      [{ name: 'x' }, 'order'],
      [{ ...body, type: 'command' }, 'type'],
    ] as const) {
      const refused = await admin.put(path, bad);
      expect(refused.status, JSON.stringify(bad)).toBe(422);
      expectConforms('PUT /devices/tasks/{}', refused);
      expect(sources(refused)).toContain(source);
    }
    const missing = await admin.put('/api/devices/tasks/999999', body);
    expect(missing.status).toBe(404);
    expectConforms('PUT /devices/tasks/{}', missing);
    expect((await globex.put(path, body)).status).toBe(404);
    expect((await guest.put(path, body)).status).toBe(403);
    expect((await tasks()).find((t) => t.name === 'Check disks')).toMatchObject({ timeout: 120 });
  });

  it('deletes a task once, within the caller’s companies', async () => {
    const [first, second] = await tasks();
    const path = `/api/devices/tasks/${String(first.id)}`;
    expect((await globex.delete(path)).status).toBe(404);
    expect((await guest.delete(path)).status).toBe(403);
    const reply = await admin.delete(path);
    expect(reply.status).toBe(200);
    expectConforms('DELETE /devices/tasks/{}', reply);
    expect((await tasks()).map((t) => t.id)).toEqual([second.id]);
    const again = await admin.delete(path);
    expect(again.status).toBe(404);
    expectConforms('DELETE /devices/tasks/{}', again);
    const form = (await admin.get(`/api/devices/tasks/groups/${group}`)).body.data as { tasks: unknown[] };
    expect(form.tasks).toHaveLength(1);
  });
});
