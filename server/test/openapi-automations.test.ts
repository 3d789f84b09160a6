import { beforeAll, describe, expect, it } from 'vitest';
import { familyOf } from '../auth/personal-tokens';
import { loadDocument, operations, type OpenApiNode } from '../openapi/document';
import { type Reply, rows, useServer } from './harness';
import { strictValidator } from './openapi/strict-schema';

// Automations of the RMS API over real HTTP: the devices an automation
// watches (set, removed, assigned, unassigned, overwritten per device, on and
// off per device), automations on and off, the automations of a device and
// one evaluation of its log; another tenant's automations and devices are
// refused, guests may not write, and refused input changes nothing.

const document = loadDocument();
/** The vendor types the automations of a device as one object where the operation answers a list. */
const validate = strictValidator(document, (key, schema) => {
  const properties = schema.properties as Record<string, OpenApiNode>;
  if (key === 'GET /devices/{}/automations 200') properties.data = { type: 'array', items: properties.data };
  return schema;
});
const byKey = new Map(operations(document).map((op) => [op.key, op]));

const { admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
});

function expectConforms(key: string, reply: Reply) {
  const check = validate(byKey.get(key)!, reply.status);
  expect(check, `${key}: no schema for ${reply.status}`).not.toBeNull();
  expect(check!(reply.body) ? [] : check!.errors, JSON.stringify(reply.body)).toEqual([]);
}
const sources = (reply: Reply) => (reply.body.errors as { source: string | null }[]).map((e) => e.source);

let automation: number;
let theirAutomation: number;
let own: number[];
let theirDevice: number;

/** The devices the automation watches: [device id, enabled] by device id. */
const watched = async (id = automation) =>
  rows(await admin.get(`/api/automations/${id}/devices?limit=100&sort=id`)).map((d) => [d.device_id, d.enabled]);

beforeAll(async () => {
  automation = rows(await admin.get('/api/automations?q=Reboot'))[0].id as number;
  theirAutomation = rows(await globex.get('/api/automations?limit=1'))[0].id as number;
  own = rows(await admin.get('/api/devices?company_id=1&limit=6&sort=id&fields=id')).map((d) => d.id as number);
  theirDevice = rows(await globex.get('/api/devices?limit=1&fields=id'))[0].id as number;
});

describe('automation devices', () => {
  it('lists the seeded devices an automation watches and the automations of a device', async () => {
    expect(await watched()).toEqual([
      [own[0], true],
      [own[1], true],
      [own[2], false],
    ]);
    const reply = await admin.get(`/api/devices/${own[0]}/automations`);
    expect(reply.status).toBe(200);
    expectConforms('GET /devices/{}/automations', reply);
    expect(rows(reply)).toEqual([
      expect.objectContaining({ id: automation, enabled: true, devices_count: 3, active_devices_count: 2 }),
    ]);
    expect((await globex.get(`/api/devices/${own[0]}/automations`)).status).toBe(404);
    expect((await globex.get(`/api/automations/${automation}/devices`)).status).toBe(404);
  });

  it('answers one evaluation of the log by its id', async () => {
    const logs = rows(await admin.get(`/api/automations/${automation}/logs`));
    expect(logs.map((l) => l.device_id).sort()).toEqual([own[0], own[1]].sort());
    const path = `/api/automations/${automation}/logs/${String(logs[0].evaluation_id)}`;
    const reply = await admin.get(path);
    expect(reply.status).toBe(200);
    expectConforms('GET /automations/{}/logs/{}', reply);
    expect(reply.body.data).toMatchObject({
      evaluation_id: logs[0].evaluation_id,
      device_id: logs[0].device_id,
      conditions: [{ type: 'if', expression: [{ parameter: 'wan_state', operator: '==', value: 'down' }] }],
    });
    const unknown = await admin.get(`/api/automations/${automation}/logs/${automation}-999999`);
    expect(unknown.status).toBe(422);
    expectConforms('GET /automations/{}/logs/{}', unknown);
    expect(sources(unknown)).toEqual(['evaluation_id']);
    expect((await globex.get(path)).status).toBe(404);
  });

  it('sets and removes the devices of an automation, only devices of its company', async () => {
    const url = `/api/automations/${automation}/devices`;
    const put = await admin.put(url, [{ devices: [own[0], own[3]] }, { devices: [own[4]] }]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expectConforms('PUT /automations/{}/devices', put);
    expect(await watched()).toEqual([
      [own[0], true],
      [own[3], true],
      [own[4], true],
    ]);
    for (const [body, source] of [
      [[{ devices: [own[0], theirDevice] }], '0.devices'],
      [[{ devices: [own[0], own[0]] }], '0.devices'],
      [[], ''],
      [{ devices: [own[0]] }, ''],
      [[{ devices: ['x'] }], '0.devices.0'],
    ] as const) {
      const refused = await admin.put(url, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expectConforms('PUT /automations/{}/devices', refused);
      if (source) expect(sources(refused)).toContain(source);
    }
    expect((await globex.put(url, [{ devices: [theirDevice] }])).status).toBe(404);
    expect((await guest.put(url, [{ devices: [] }])).status).toBe(403);
    expect((await guest.delete(url, [{ devices: [own[0]] }])).status).toBe(403);
    expect(await watched()).toHaveLength(3);
    const removed = await admin.delete(url, [{ devices: [own[3], own[4]] }]);
    expect(removed.status).toBe(200);
    expectConforms('DELETE /automations/{}/devices', removed);
    expect(await watched()).toEqual([[own[0], true]]);
    expect((await admin.delete(url, [{ devices: [theirDevice] }])).status).toBe(422);
    expect(await watched()).toEqual([[own[0], true]]);
  });

  it('switches an automation off and on for a device it watches', async () => {
    const url = `/api/automations/${automation}/devices/activation`;
    const off = await admin.put(url, [{ devices: [own[0]], enable: false }]);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expectConforms('PUT /automations/{}/devices/activation', off);
    expect(await watched()).toEqual([[own[0], false]]);
    for (const [body, source] of [
      [[{ devices: [own[5]], enabled: true }], '0.devices'],
      [[{ devices: [own[0]] }], '0.enabled'],
      [[{ devices: [own[0]], enable: true, enabled: true }], '0.enabled'],
      [[{ devices: [own[0]], enabled: 'yes' }], '0.enabled'],
    ] as const) {
      const refused = await admin.put(url, body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expectConforms('PUT /automations/{}/devices/activation', refused);
      expect(sources(refused)).toContain(source);
    }
    expect((await guest.put(url, [{ devices: [own[0]], enabled: true }])).status).toBe(403);
    expect(await watched()).toEqual([[own[0], false]]);
    expect((await admin.put(url, [{ devices: [own[0]], enabled: true }])).status).toBe(200);
    expect(await watched()).toEqual([[own[0], true]]);
  });

  it('switches automations of the caller’s companies off and on', async () => {
    const status = async () => rows(await admin.get(`/api/automations?id=${automation}`))[0].status;
    const off = await admin.put('/api/automations/activate', [{ automations: [automation], enable: false }]);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expectConforms('PUT /automations/activate', off);
    expect(await status()).toBe('disabled');
    const foreign = await admin.put('/api/automations/activate', [{ automations: [theirAutomation], enabled: true }]);
    expect(foreign.status).toBe(422);
    expectConforms('PUT /automations/activate', foreign);
    expect(sources(foreign)).toEqual(['0.automations.0']);
    const mixed = [
      { automations: [automation], enabled: true },
      { automations: [999999], enabled: true },
    ];
    expect(sources(await admin.put('/api/automations/activate', mixed))).toEqual(['1.automations.0']);
    expect((await guest.put('/api/automations/activate', [{ automations: [automation], enabled: true }])).status).toBe(
      403,
    );
    expect(await status()).toBe('disabled');
    expect(rows(await globex.get(`/api/automations?id=${theirAutomation}`))[0].status).toBe('disabled');
    await admin.put('/api/automations/activate', [{ automations: [automation], enabled: true }]);
    expect(await status()).toBe('enabled');
  });

  it('assigns and unassigns devices of automations in batches', async () => {
    const body = (device_id: number[], automation_id = automation) => ({ data: [{ automation_id, device_id }] });
    const assigned = await admin.put('/api/automations/devices/assign', body([own[1], own[2]]));
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expectConforms('PUT /automations/devices/assign', assigned);
    expect((await watched()).map(([id]) => id)).toEqual([own[0], own[1], own[2]]);
    for (const [bad, source] of [
      [body([theirDevice]), 'data.0.device_id'],
      [body([own[3]], theirAutomation), 'data.0.automation_id'],
      [{ data: [{ automation_id: automation }] }, 'data.0.device_id'],
      [{ data: [] }, 'data'],
    ] as const) {
      for (const path of ['/api/automations/devices/assign', '/api/automations/devices/unassign']) {
        const refused = await admin.put(path, bad);
        expect(refused.status, `${path} ${JSON.stringify(bad)}`).toBe(422);
        expect(sources(refused)).toContain(source);
      }
    }
    expect((await guest.put('/api/automations/devices/assign', body([own[3]]))).status).toBe(403);
    expect((await watched()).map(([id]) => id)).toEqual([own[0], own[1], own[2]]);
    const unassigned = await admin.put('/api/automations/devices/unassign', body([own[1], own[2]]));
    expect(unassigned.status).toBe(200);
    expectConforms('PUT /automations/devices/unassign', unassigned);
    expect((await watched()).map(([id]) => id)).toEqual([own[0]]);
  });

  it('overwrites the automations of devices under both of the vendor’s paths', async () => {
    for (const path of ['/api/devices/automations/overwrite', '/api/automations/devices/overwrite']) {
      const set = await admin.put(path, { data: [{ device_id: own[5], automation_id: [automation] }] });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      expectConforms(`PUT ${path.slice(4)}`, set);
      expect(rows(await admin.get(`/api/devices/${own[5]}/automations`)).map((a) => a.id)).toEqual([automation]);
      for (const [bad, source] of [
        [{ data: [{ device_id: theirDevice, automation_id: [] }] }, 'data.0.device_id'],
        [{ data: [{ device_id: own[5], automation_id: [theirAutomation] }] }, 'data.0.automation_id.0'],
        [
          {
            data: [
              { device_id: own[5], automation_id: [] },
              { device_id: own[5], automation_id: [] },
            ],
          },
          'data',
        ],
      ] as const) {
        const refused = await admin.put(path, bad);
        expect(refused.status, JSON.stringify(bad)).toBe(422);
        expectConforms(`PUT ${path.slice(4)}`, refused);
        expect(sources(refused)).toContain(source);
      }
      expect((await globex.put(path, { data: [{ device_id: own[5], automation_id: [] }] })).status).toBe(422);
      expect((await guest.put(path, { data: [{ device_id: own[5], automation_id: [] }] })).status).toBe(403);
      expect(rows(await admin.get(`/api/devices/${own[5]}/automations`))).toHaveLength(1);
      expect((await admin.put(path, { data: [{ device_id: own[5], automation_id: [] }] })).status).toBe(200);
      expect(rows(await admin.get(`/api/devices/${own[5]}/automations`))).toEqual([]);
    }
  });

  it('maps the device automation paths to the automations token scope', () => {
    expect(familyOf('/api/devices/12/automations')).toBe('automations');
    expect(familyOf('/api/devices/automations/overwrite')).toBe('automations');
    expect(familyOf('/api/devices/12/alerts-configurations/3')).toBe('automations');
    expect(familyOf('/api/devices/12')).toBe('devices');
  });
});
