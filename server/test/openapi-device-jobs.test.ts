import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';
import { strict } from './openapi/conforms';
import { closeSockets, completed } from './sockets';

// Pending device jobs over real HTTP: a firmware update schedules one job
// per device; the pending list shows them, cancelling by device and job
// takes them off (207 when some of the jobs named are not pending), and the
// action cancel takes every pending job of a device; another tenant's jobs
// cannot be cancelled and a read-only caller cannot cancel at all.

const { server, admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
});
afterAll(closeSockets);

let devices: number[];
const pending = async () =>
  rows(strict('GET /devices/updates/pending', await admin.get('/api/devices/updates/pending?limit=100')));

beforeAll(async () => {
  devices = rows(await admin.get('/api/devices?company_id=1&sort=id&limit=3')).map((d) => d.id as number);
  const file = rows(await admin.get('/api/files?type=firmware&limit=1'))[0];
  const set = await admin.post('/api/devices/updates/set', { file_id: file.id, device_id: devices });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  expect((await completed(server.url, admin, set)).done).toBe(3);
});

describe('pending updates', () => {
  it('lists a job per device and cancels them by device and job', async () => {
    const jobs = await pending();
    expect(jobs.map((j) => j.device_id)).toEqual(devices);
    expect(jobs.every((j) => j.job_type === 1)).toBe(true);
    expect(rows(await globex.get('/api/devices/updates/pending'))).toEqual([]);
    const cancel = (data: unknown, client = admin) => client.post('/api/devices/updates/cancel', { data });
    // Another tenant's cancel and a job named under the wrong device change nothing.
    strict('POST /devices/updates/cancel', await cancel([{ id: devices[0], job_id: [jobs[0].id] }], globex), 422);
    strict('POST /devices/updates/cancel', await cancel([{ id: devices[1], job_id: [jobs[0].id] }]), 422);
    expect((await cancel([{ id: devices[0], job_id: [jobs[0].id] }], guest)).status).toBe(403);
    expect((await cancel([{ id: devices[0], job_id: ['x'] }])).status).toBe(422);
    expect(await pending()).toHaveLength(3);
    const done = strict('POST /devices/updates/cancel', await cancel([{ id: devices[0], job_id: [jobs[0].id] }]));
    expect(done.body.data).toEqual([jobs[0].id]);
    const partial = strict(
      'POST /devices/updates/cancel',
      await cancel([{ id: devices[1], job_id: [jobs[1].id, jobs[0].id] }]),
      207,
    );
    expect(partial.body.data).toEqual([jobs[1].id]);
    expect((partial.body.errors as { source: string }[]).map((e) => e.source)).toEqual(['data.0.job_id.1']);
    expect((await pending()).map((j) => j.id)).toEqual([jobs[2].id]);
  });

  it('cancels the pending actions of a device on a channel', async () => {
    const [job] = await pending();
    const cancel = (body: unknown, client = admin) => client.post('/api/devices/actions/cancel', body);
    expect((await cancel({ device_id: [devices[2]] }, guest)).status).toBe(403);
    const foreign = await cancel({ device_id: [devices[2]] }, globex);
    expect(foreign.status).toBe(422);
    expect((foreign.body.errors as { source: string }[])[0].source).toBe('device_id');
    expect((await cancel({})).status).toBe(422);
    expect(await pending()).toHaveLength(1);
    const reply = strict('POST /devices/actions/cancel', await cancel({ device_id: [devices[2]] }));
    expect(await completed(server.url, admin, reply)).toMatchObject({ total: 1, done: 1, data: [job.id] });
    expect(await pending()).toEqual([]);
  });
});
