import { beforeAll, describe, expect, it } from 'vitest';
import { rows, signedIn, useServer } from './harness';

// Device tasks and their logs read from the task groups: each task of a
// group is a stored task (and a task log of the group's run), the group's run
// its group log; tenancy is the groups'.

const { server, admin } = useServer({ admin: 'super@example.com' });
let group: { id: number; name: string; company_id: number };

beforeAll(async () => {
  group = rows(await admin.get('/api/devices/tasks/groups?q=Riga%20config&limit=1'))[0] as never;
});

describe('device tasks and task logs', () => {
  it('lists the tasks of a group in order', async () => {
    const tasks = rows(await admin.get(`/api/devices/tasks?group_id=${group.id}`));
    expect(tasks.map((t) => [t.name, t.order, t.type, t.group_name])).toEqual([
      ['config_upload', 1, 'upload_file', group.name],
      ['execute_tasks_group', 2, 'command', group.name],
    ]);
    const page = await admin.get('/api/devices/tasks?limit=1&offset=1');
    expect(rows(page)).toHaveLength(1);
    expect((page.body.meta as { total: number }).total).toBeGreaterThanOrEqual(4);
  });

  it('answers the group run as its group log and each task as a task log', async () => {
    const log = await admin.get(`/api/devices/tasks/groups/logs/${group.id}`);
    expect(log.body.data).toMatchObject({ id: group.id, name: group.name, status: 'processing' });
    const completed = rows(await admin.get('/api/devices/tasks/groups/logs?status=completed'));
    expect(completed.map((l) => l.name)).toEqual(['Nightly firmware rollout']);
    const taskLogs = rows(await admin.get(`/api/devices/tasks/logs?group_log_id=${group.id}`));
    expect(taskLogs.map((l) => l.name)).toEqual(['config_upload', 'execute_tasks_group']);
    const one = await admin.get(`/api/devices/tasks/logs/${taskLogs[1].id}`);
    expect(one.body.data).toMatchObject({ name: 'execute_tasks_group', group_log_id: group.id });
    expect((await admin.get('/api/devices/tasks/logs/999999')).status).toBe(404);
  });

  it("keeps other companies' groups out", async () => {
    const other = await signedIn(server, 'baltics.admin@example.com');
    const all = rows(await admin.get('/api/devices/tasks/groups?limit=100'));
    const seen = rows(await other.get('/api/devices/tasks/groups/logs?limit=100'));
    expect(seen.map((l) => l.id)).toEqual([group.id]);
    const hidden = all.find((g) => g.id !== group.id)!;
    expect((await other.get(`/api/devices/tasks/groups/logs/${hidden.id}`)).status).toBe(404);
    const hiddenTask = rows(await admin.get(`/api/devices/tasks?group_id=${String(hidden.id)}`))[0];
    expect((await admin.get(`/api/devices/tasks/logs/${String(hiddenTask.id)}`)).status).toBe(200);
    expect((await other.get(`/api/devices/tasks/logs/${String(hiddenTask.id)}`)).status).toBe(404);
    expect(rows(await other.get('/api/devices/tasks')).every((t) => t.group_id === group.id)).toBe(true);
  });
});
