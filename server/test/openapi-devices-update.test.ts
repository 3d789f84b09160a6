import { beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { BATCH_SIZE } from '../../engine/constants';
import { decryptPassword } from '../services/device-passwords';
import { type Reply, rows, signedIn, useServer } from './harness';
import { expectConforms } from './openapi/conforms';
import { connectSocket } from './sockets';

// The RMS API's bulk device writes over real HTTP: PUT /devices updates many
// devices in one call (all rows or none), PUT /devices/monitoring switches
// monitoring on an action channel, POST /devices/move/ is answered as the
// OpenAPI spells it. Every answer is checked strictly against the OpenAPI's
// schema for its status; refused input leaves the devices as they were.

const { server, admin } = useServer({ admin: 'admin@example.com' });
let devices: number[];
let tags: number[];
let otherDevice: number;
let otherTag: number;

beforeAll(async () => {
  devices = rows(await admin.get('/api/devices?company_id=1&limit=2&fields=id')).map((d) => d.id as number);
  tags = rows(await admin.get('/api/tags?company_id=1&limit=2')).map((t) => t.id as number);
  const globex = await signedIn(server, 'globex.admin@example.com');
  otherDevice = rows(await globex.get('/api/devices?limit=1&fields=id'))[0].id as number;
  otherTag = rows(await globex.get('/api/tags?limit=1'))[0].id as number;
});

async function device(id: number) {
  const reply = await admin.get(`/api/devices/${id}`);
  expect(reply.status).toBe(200);
  return reply.body.data as Record<string, unknown>;
}

const tagIds = (row: Record<string, unknown>) => (row.tags as { id: number }[]).map((t) => t.id).sort();

/** Subscribes to the reply's action channel and waits for its ActionCompleted. */
async function completed(reply: Reply, client = admin) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const socket: Socket = await connectSocket(server.url, client);
  const done = new Promise<{ done: number; failed: number }>((resolve) => socket.once('ActionCompleted', resolve));
  socket.emit('subscribe', (reply.body.meta as { channel: string }).channel);
  const result = await done;
  socket.disconnect();
  return result;
}

describe('PUT /devices (bulk update)', () => {
  it('updates every listed device and answers 201', async () => {
    const [a, b] = devices;
    const reply = await admin.put('/api/devices', {
      data: [
        {
          id: a,
          name: '  Depot router ',
          description: 'Rack 4',
          dynamic_monitoring: 300,
          gps_monitoring: 0,
          user_set_latitude: 54.898798,
          user_set_longitude: 23.964856,
          tag_id: tags,
        },
        { id: b, vpn_monitoring: 3600, tag_id: [tags[0]] },
      ],
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expectConforms('PUT /devices', reply);
    const first = await device(a);
    expect(first).toMatchObject({
      name: 'Depot router',
      description: 'Rack 4',
      dynamic_monitoring: 300,
      gps_monitoring: 0,
      user_set_latitude: 54.898798,
      user_set_longitude: 23.964856,
    });
    expect(tagIds(first)).toEqual([...tags].sort());
    const second = await device(b);
    expect(second.vpn_monitoring).toBe(3600);
    expect(tagIds(second)).toEqual([tags[0]]);
    // Only what a row names changes: the second device kept its name; an empty tag list removes every tag.
    expect(second.name).not.toBe('Depot router');
    expect((await admin.put('/api/devices', { data: [{ id: b, tag_id: [] }] })).status).toBe(201);
    expect(tagIds(await device(b))).toEqual([]);
  });

  it('sets the device password (password_confirmation), stored encrypted and never answered', async () => {
    const [a] = devices;
    const reply = await admin.put('/api/devices', { data: [{ id: a, password_confirmation: 'Device-Pass-9' }] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const { password } = await server.app.ctx.db
      .selectFrom('devices')
      .select('password')
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(password).not.toContain('Device-Pass-9');
    expect(decryptPassword(server.app.ctx.tokenKey, password!)).toBe('Device-Pass-9');
    expect(JSON.stringify(await device(a))).not.toContain('Device-Pass-9');
    const short = await admin.put('/api/devices', { data: [{ id: a, password_confirmation: 'short' }] });
    expect(short.status).toBe(422);
    expect((short.body.errors as { source: string }[])[0].source).toBe('data.0.password_confirmation');
  });

  it('refuses bad rows with the source of the first, changing nothing', async () => {
    const [a, b] = devices;
    const before = [await device(a), await device(b)];
    const refused: [unknown, string][] = [
      [
        {
          data: [
            { id: a, name: 'Changed' },
            { id: b, dynamic_monitoring: 30 },
          ],
        },
        'data.1.dynamic_monitoring',
      ],
      [
        {
          data: [
            { id: a, name: 'Changed' },
            { id: otherDevice, name: 'Theirs' },
          ],
        },
        'data.1.id',
      ],
      [
        {
          data: [
            { id: a, name: 'Changed' },
            { id: a, name: 'Twice' },
          ],
        },
        'data.1.id',
      ],
      [{ data: [{ id: a, name: 'Changed', tag_id: [otherTag] }] }, 'data.0.tag_id'],
      [{ data: [{ id: a, name: 'Changed', serial: '1' }] }, 'data.0.serial'],
      [{ data: [{ id: a, user_set_latitude: 91 }] }, 'data.0.user_set_latitude'],
      [{ data: [{ id: a, name: '   ' }] }, 'data.0.name'],
      [{ data: [] }, 'data'],
      [{ data: Array.from({ length: BATCH_SIZE + 1 }, () => ({ id: a })) }, 'data'],
    ];
    for (const [body, source] of refused) {
      const reply = await admin.put('/api/devices', body);
      expect(reply.status, JSON.stringify(body).slice(0, 200)).toBe(422);
      expectConforms('PUT /devices', reply);
      expect((reply.body.errors as { source: string }[])[0].source).toBe(source);
    }
    expect([await device(a), await device(b)]).toEqual(before);
  });

  it('answers 403 without update_devices, changing nothing', async () => {
    const guest = await signedIn(server, 'advguest@example.com');
    const before = await device(devices[0]);
    expect((await guest.put('/api/devices', { data: [{ id: devices[0], name: 'No' }] })).status).toBe(403);
    expect(await device(devices[0])).toEqual(before);
  });
});

describe('PUT /devices/monitoring', () => {
  it('switches monitoring per device on an action channel', async () => {
    const [a, b] = devices;
    const body = {
      data: [
        { device_id: a, monitoring_enabled: 0 },
        { device_id: b, monitoring_enabled: 1 },
      ],
    };
    const reply = await admin.put('/api/devices/monitoring', body);
    expectConforms('PUT /devices/monitoring', reply);
    expect(await completed(reply)).toMatchObject({ done: 2, failed: 0 });
    expect((await device(a)).monitoring_enabled).toBeFalsy();
    expect((await device(b)).monitoring_enabled).toBeTruthy();
    await completed(await admin.put('/api/devices/monitoring', { data: [{ device_id: a, monitoring_enabled: 1 }] }));
    expect((await device(a)).monitoring_enabled).toBeTruthy();
  });

  it('refuses other tenants’ devices and bad values, changing nothing', async () => {
    const [a] = devices;
    for (const data of [
      [
        { device_id: a, monitoring_enabled: 0 },
        { device_id: otherDevice, monitoring_enabled: 0 },
      ],
      [{ device_id: a, monitoring_enabled: 2 }],
      [{ device_id: a }],
    ]) {
      const reply = await admin.put('/api/devices/monitoring', { data });
      expect(reply.status).toBe(422);
      expectConforms('PUT /devices/monitoring', reply);
    }
    expect((await device(a)).monitoring_enabled).toBeTruthy();
  });
});

describe('POST /devices/move/', () => {
  it('moves devices as the OpenAPI spells the path, and refuses a foreign company', async () => {
    const superAdmin = await signedIn(server, 'super@example.com');
    const [a] = devices;
    const refused = await admin.post('/api/devices/move/', { device_id: [a], company_id: 5 });
    expect(refused.status).toBe(422);
    expectConforms('POST /devices/move/', refused);
    expect((await device(a)).company_id).toBe(1);
    const reply = await superAdmin.post('/api/devices/move/', { device_id: [a], company_id: 3 });
    expectConforms('POST /devices/move/', reply);
    expect(await completed(reply, superAdmin)).toMatchObject({ done: 1 });
    const moved = rows(await superAdmin.get(`/api/devices?id=${a}&fields=id,company_id`))[0];
    expect(moved.company_id).toBe(3);
  });
});
