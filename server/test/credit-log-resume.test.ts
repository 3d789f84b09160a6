import { afterAll, describe, expect, it } from 'vitest';
import type { BulkJob } from '../jobs/queue';
import { NO_PROGRESS } from '../jobs/queue';
import { bulkRunner } from '../services/bulk';
import { rows, useServer } from './harness';
import { strict } from './openapi/conforms';
import { closeSockets, completed } from './sockets';

// A PUT /devices/credit job resumed after its instance died re-runs the
// chunk it was in: the credit log keeps one entry per (job, device), as the
// first run wrote it. The job is started over real HTTP and its chunk run
// again with the job's own data, as a resuming instance would.

const { server, admin } = useServer({ admin: 'admin@example.com' });
afterAll(closeSockets);

const history = async () =>
  rows(strict('GET /credits/history', await admin.get('/api/credits/history?limit=100&sort=id')));

describe('PUT /devices/credit resumed', () => {
  it('logs each device of a job once when a chunk runs again', async () => {
    const { ctx } = server.app;
    const queued: BulkJob[] = [];
    const add = ctx.jobs.add.bind(ctx.jobs);
    ctx.jobs.add = (job) => (queued.push(job), add(job));

    const devices = rows(await admin.get('/api/devices?company_id=1&sort=id&limit=3'));
    const data = devices.map((d, i) => ({ device_id: d.id, credit_enabled: i % 2 ? 0 : 1 }));
    const reply = await admin.put('/api/devices/credit', { credit_type_id: 1, data });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect((await completed(server.url, admin, reply)).done).toBe(3);
    const first = await history();
    expect(first.map((h) => [h.serial, h.action_type])).toEqual(devices.map((d, i) => [d.serial, i % 2 ? 2 : 1]));

    // The job resumed from before its only chunk: the devices are switched again, nothing logged twice.
    expect(queued).toHaveLength(1);
    await bulkRunner(ctx)(queued[0], NO_PROGRESS, async () => undefined);
    expect(await history()).toEqual(first);

    // A second job on the same devices is logged again.
    const again = await admin.put('/api/devices/credit', { credit_type_id: 1, data });
    await completed(server.url, admin, again);
    expect(await history()).toHaveLength(6);
  });
});
