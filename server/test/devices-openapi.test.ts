import { beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { rows, signedIn, useServer } from './harness';
import { connectSocket } from './sockets';

// Device operations as the RMS API spells them, over real HTTP: per-device
// tag lists, credit usage and a command answer an action channel whose
// progress completes with the change made; the command shows in the device
// logs; other tenants' devices and tags are refused.

const { server, admin } = useServer({ admin: 'admin@example.com' });
let device: { id: number; company_id: number };
let tags: number[];

beforeAll(async () => {
  device = rows(await admin.get('/api/devices?company_id=1&limit=1&fields=id,company_id'))[0] as never;
  tags = rows(await admin.get('/api/tags?company_id=1&limit=2')).map((t) => t.id as number);
});

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

/** Subscribes to the reply's channel and waits for its ActionCompleted. */
async function completed(reply: { status: number; body: Record<string, unknown> }, status = 200) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  const socket = await connectSocket(server.url, admin);
  const done = next<{ total: number; done: number; failed: number; status: string }>(socket, 'ActionCompleted');
  socket.emit('subscribe', (reply.body.meta as { channel: string }).channel);
  const result = await done;
  socket.disconnect();
  return result;
}

describe('device operations of the RMS API', () => {
  it('assigns, overwrites and unassigns per-device tag lists', async () => {
    expect(tags).toHaveLength(2);
    const tagged = async () => {
      const value = rows(await admin.get(`/api/devices?id=${device.id}&fields=id,tags`))[0].tags;
      const list = (typeof value === 'string' ? JSON.parse(value) : value) as { id: number }[];
      return list.map((t) => t.id).sort();
    };
    const body = (tag_id: number[]) => ({ data: [{ device_id: device.id, tag_id }] });
    expect(await completed(await admin.put('/api/devices/tags/assign', body(tags)))).toMatchObject({ done: 1 });
    expect(await tagged()).toEqual([...tags].sort());
    expect(await completed(await admin.put('/api/devices/tags/overwrite', body([tags[0]])))).toMatchObject({ done: 1 });
    expect(await tagged()).toEqual([tags[0]]);
    await completed(await admin.put('/api/devices/tags/unassign', body([tags[0]])));
    expect(await tagged()).toEqual([]);
    // A device of another company is refused, nothing queued.
    const other = await signedIn(server, 'baltics.admin@example.com');
    expect((await other.put('/api/devices/tags/assign', body(tags))).status).toBe(422);
    expect(await tagged()).toEqual([]);
  });

  it('turns credit usage off and on', async () => {
    const enabled = async () =>
      (
        (await admin.get(`/api/devices?id=${device.id}&fields=id,credit_enabled`)).body.data as Record<
          string,
          unknown
        >[]
      )[0].credit_enabled;
    const credit = (on: number) => ({ credit_type_id: 1, data: [{ device_id: device.id, credit_enabled: on }] });
    // 201: the OpenAPI's success status of PUT /devices/credit.
    await completed(await admin.put('/api/devices/credit', credit(0)), 201);
    expect(await enabled()).toBeFalsy();
    await completed(await admin.put('/api/devices/credit', credit(1)), 201);
    expect(await enabled()).toBeTruthy();
    expect((await admin.put('/api/devices/credit', { ...credit(1), credit_type_id: 999 })).status).toBe(422);
  });

  it('runs a command and lists it in the device logs', async () => {
    expect(await completed(await admin.post(`/api/devices/${device.id}/command`, { command: 'uptime' }))).toMatchObject(
      {
        done: 1,
      },
    );
    const logs = rows(await admin.get(`/api/devices/${device.id}/logs`));
    expect(logs[0]).toMatchObject({ type: 'command', log: 'uptime', status: true });
    expect(rows(await admin.get('/api/devices/logs?limit=50')).map((l) => l.id)).toContain(logs[0].id);
    expect((await admin.post(`/api/devices/${device.id}/command`, {})).status).toBe(422);
    expect((await admin.post('/api/devices/99999999/command', { command: 'uptime' })).status).toBe(404);
  });

  it('answers a location history of the last known position', async () => {
    const reply = await admin.get(
      `/api/devices/${device.id}/locations/history?start_date=2000-01-01&end_date=2999-01-01`,
    );
    expect(reply.status).toBe(200);
    expect(Array.isArray(reply.body.data)).toBe(true);
    const none = await admin.get(
      `/api/devices/${device.id}/locations/history?start_date=1990-01-01&end_date=1990-01-02`,
    );
    expect(none.body.data).toEqual([]);
  });
});
