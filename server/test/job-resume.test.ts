import { afterAll, describe, expect, it } from 'vitest';
import type { BulkJob } from '../jobs/queue';
import { NO_PROGRESS } from '../jobs/queue';
import { bulkRunner } from '../services/bulk';
import { rows, useServer } from './harness';
import { strict } from './openapi/conforms';
import { closeSockets, completed } from './sockets';

// A bulk job resumed after its instance died re-runs the chunk it was in:
// what it logs per device (the credit log, the device task log, a template's
// configuration run) stays one entry per (job, device), as the first run wrote
// it. Each job is started over real HTTP and its chunk run again with the
// job's own data, as a resuming instance would.

const { server, admin } = useServer({ admin: 'admin@example.com' });
afterAll(closeSockets);

/** Queues what the server queues, and hands it over for a second run. */
function capture() {
  const { ctx } = server.app;
  const queued: BulkJob[] = [];
  const add = ctx.jobs.add.bind(ctx.jobs);
  ctx.jobs.add = (job) => (queued.push(job), add(job));
  const rerun = async () => {
    expect(queued).toHaveLength(1);
    await bulkRunner(ctx)(queued[0], NO_PROGRESS, async () => undefined);
  };
  return { queued, rerun, restore: () => void (ctx.jobs.add = add) };
}

/** The device task log entries of a job (records keyed by its channel). */
const taskLogs = async (reply: { body: Record<string, unknown> }) => {
  const { channel } = reply.body.meta as { channel: string };
  const logged = await server.app.ctx.db
    .selectFrom('records')
    .select(['kind', 'name', 'status', 'details'])
    .where('job_key', 'like', `${channel}:%`)
    .orderBy('id')
    .execute();
  return logged;
};

const history = async () =>
  rows(strict('GET /credits/history', await admin.get('/api/credits/history?limit=100&sort=id')));

describe('a bulk job resumed', () => {
  it('PUT /devices/credit logs each device of a job once when a chunk runs again', async () => {
    const { queued, rerun, restore } = capture();

    const devices = rows(await admin.get('/api/devices?company_id=1&sort=id&limit=3'));
    const data = devices.map((d, i) => ({ device_id: d.id, credit_enabled: i % 2 ? 0 : 1 }));
    const reply = await admin.put('/api/devices/credit', { credit_type_id: 1, data });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect((await completed(server.url, admin, reply, 201)).done).toBe(3);
    const first = await history();
    expect(first.map((h) => [h.serial, h.action_type])).toEqual(devices.map((d, i) => [d.serial, i % 2 ? 2 : 1]));

    // The job resumed from before its only chunk: the devices are switched again, nothing logged twice.
    await rerun();
    expect(await history()).toEqual(first);
    restore();
    expect(queued).toHaveLength(1);

    // A second job on the same devices is logged again.
    const again = await admin.put('/api/devices/credit', { credit_type_id: 1, data });
    await completed(server.url, admin, again, 201);
    expect(await history()).toHaveLength(6);
  });

  it('a device command logs the device once when its chunk runs again', async () => {
    const { rerun, restore } = capture();
    const [device] = rows(await admin.get('/api/devices?company_id=1&sort=id&limit=1'));
    const reply = await admin.post(`/api/devices/${device.id}/command`, { command: 'uptime' });
    await completed(server.url, admin, reply);
    const first = await taskLogs(reply);
    expect(first).toHaveLength(1);
    await rerun();
    restore();
    expect(await taskLogs(reply)).toEqual(first);
  });

  it("a template's use runs on and logs each device once when its chunk runs again", async () => {
    const path = '/network/wireless/interfaces';
    const created = await admin.post('/api/devices/configurator/templates', {
      company_id: 1,
      name: 'Resume baseline',
      version: '7.6.1',
      template: [{ path, method: 'put', request_data: { ssid: 'Resumed' } }],
    });
    const id = (created.body.data as { id: number }).id;
    const devices = rows(await admin.get('/api/devices?company_id=1&sort=id&limit=2')).map((d) => d.id as number);
    const { rerun, restore } = capture();
    const use = await admin.post(`/api/devices/configurator/templates/${id}/use`, { device_id: devices });
    expect(await completed(server.url, admin, use)).toMatchObject({ done: 2, failed: 0 });
    const runs = async () =>
      (
        await Promise.all(
          devices.map(async (device) => rows(await admin.get(`/api/devices/${device}/configurator/logs?limit=100`))),
        )
      ).map((logs) => logs.filter((l) => l.display_name === 'Resume baseline').length);
    const first = await taskLogs(use);
    expect(first).toHaveLength(2);
    expect(await runs()).toEqual([1, 1]);
    await rerun();
    restore();
    expect(await taskLogs(use)).toEqual(first);
    expect(await runs()).toEqual([1, 1]);
  });
});
