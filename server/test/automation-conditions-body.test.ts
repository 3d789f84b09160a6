import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { rows, tokenClient, useServer, type Client } from './harness';
import { expectConforms, sources } from './openapi/conforms';

// An automation's `conditions_body` as the OpenAPI writes it (issue 29, item
// 4): POST /automations and PUT /automations/{id} take it, with the
// OpenAPI's limits (two blocks, four expressions, ten actions, the seven
// action names), each action's options as its name needs them and naming
// what the automation's company has; the automation answers it back, and its
// evaluation log judges each watched device by it.

const { server, admin } = useServer({ admin: 'admin@example.com' });
let api: Client;
let company: number;
let taskGroup: number;
/** A task group of another company (one the caller may see or not): not the automation's. */
let foreignTaskGroup: number;
let userEmail: string;

const automation = async (id: number) =>
  rows(await api.get('/api/automations?limit=100')).find((r) => r.id === id) as Record<string, unknown>;
const count = async () => ((await api.get('/api/automations?limit=1')).body.meta as { total: number }).total;

beforeAll(async () => {
  api = (await tokenClient(server, admin, TOKEN_SCOPES, 'conditions')).client;
  const me = (await api.get('/api/user')).body.data as { email: string; company: { id: number } };
  company = me.company.id;
  userEmail = me.email;
  const group = await api.post('/api/devices/tasks/groups', {
    name: 'Restart modem',
    tasks: [{ name: 'Restart', type: 'command', timeout: '30', command: 'reboot' }],
  });
  taskGroup = (group.body.data as { id: number }).id;
  foreignTaskGroup = (
    await server.app.ctx.db
      .selectFrom('records')
      .select('id')
      .where('kind', '=', 'task_group')
      .where('company_id', '!=', company)
      .executeTakeFirstOrThrow()
  ).id;
});

const hot = () => [
  {
    type: 'if',
    expression: [
      { parameter: 'temperature', operator: '>', value: 30, joins_with: '&&' },
      { parameter: 'status', operator: '==', value: 'online' },
    ],
    actions: [{ name: 'TaskManagerAction', options: { task_group_id: String(taskGroup) } }],
    conditions: [
      { type: 'if', expression: [{ parameter: 'signal', operator: '<', value: -90 }], actions: [{ name: 'Reboot' }] },
      {
        type: 'else',
        actions: [{ name: 'SendNotification', options: { message: 'Hot', receiving_users: [userEmail] } }],
      },
    ],
  },
];

describe('conditions_body', () => {
  it('POST /automations takes it and the automation answers it back', async () => {
    const reply = await api.post('/api/automations', {
      name: 'Hot routers',
      company_id: company,
      conditions_body: hot(),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    const id = (reply.body.data as { id: number }).id;
    const made = await automation(id);
    expect(made.conditions_body).toEqual([
      {
        ...hot()[0],
        tag: 'cond_0',
        conditions: [
          { ...hot()[0].conditions[0], tag: 'cond_0_0' },
          { ...hot()[0].conditions[1], tag: 'cond_0_1' },
        ],
      },
    ]);
    // The list page's columns say the stored conditions.
    expect(made).toMatchObject({ condition: 'temperature > 30 && status == online', action: 'TaskManagerAction' });
    expectConforms('GET /automations/{id}', await api.get(`/api/automations/${id}`));
  });

  it('refuses what the OpenAPI or the company does not allow, and writes nothing', async () => {
    const before = await count();
    const refused = async (conditions_body: unknown) => {
      const reply = await api.post('/api/automations', { name: 'Refused', company_id: company, conditions_body });
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      return sources(reply);
    };
    expect((await refused([...hot(), ...hot(), ...hot()]))[0]).toMatch(/^conditions_body/);
    expect((await refused([{ type: 'if', actions: [{ name: 'Explode' }] }]))[0]).toMatch(
      /^conditions_body\.0\.actions\.0/,
    );
    expect((await refused([{ type: 'when' }]))[0]).toMatch(/^conditions_body\.0/);
    expect((await refused('hot'))[0]).toBe('conditions_body');
    expect(await refused([{ type: 'if', actions: [{ name: 'TaskManagerAction' }] }])).toEqual([
      'conditions_body.0.actions.0.options',
    ]);
    expect(
      await refused([
        { type: 'if', actions: [{ name: 'TaskManagerAction', options: { task_group_id: String(foreignTaskGroup) } }] },
      ]),
    ).toEqual(['conditions_body.0.actions.0.options.task_group_id']);
    expect(
      await refused([
        {
          type: 'if',
          conditions: [
            {
              type: 'if',
              actions: [
                { name: 'SendNotification', options: { message: 'x', receiving_users: ['nobody@example.com'] } },
              ],
            },
          ],
        },
      ]),
    ).toEqual(['conditions_body.0.conditions.0.actions.0.options.receiving_users']);
    expect(await count()).toBe(before);
  });

  it('PUT /automations/{id} replaces it when sent and keeps it when not', async () => {
    const made = await api.post('/api/automations', { name: 'Watch', company_id: company, conditions_body: hot() });
    const id = (made.body.data as { id: number }).id;
    const renamed = await api.put(`/api/automations/${id}`, { name: 'Watch hot routers' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(((await automation(id)).conditions_body as unknown[]).length).toBe(1);
    const cold = [
      {
        type: 'if',
        expression: [{ parameter: 'temperature', operator: '<', value: 0 }],
        actions: [{ name: 'ExportBackup' }],
      },
    ];
    const replaced = await api.put(`/api/automations/${id}`, { conditions_body: cold });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(await automation(id)).toMatchObject({
      name: 'Watch hot routers',
      conditions_body: [{ ...cold[0], tag: 'cond_0' }],
      condition: 'temperature < 0',
      action: 'ExportBackup',
    });
    const bad = await api.put(`/api/automations/${id}`, {
      conditions_body: [{ type: 'if', actions: [{ name: 'SendEmail' }] }],
    });
    expect(bad.status).toBe(422);
    expect((await automation(id)).action).toBe('ExportBackup');
  });

  it('the evaluation log judges each watched device by the conditions, from what the device reported', async () => {
    const made = await api.post('/api/automations', { name: 'Warm', company_id: company, conditions_body: hot() });
    const id = (made.body.data as { id: number }).id;
    const devices = await server.app.ctx.db
      .selectFrom('devices')
      .select(['id', 'status', 'temperature', 'signal'])
      .where('company_id', '=', company)
      .where('temperature', 'is not', null)
      .orderBy('id')
      .limit(6)
      .execute();
    expect(devices.length).toBeGreaterThan(1);
    const assigned = await api.put(`/api/automations/${id}/devices`, [{ devices: devices.map((d) => d.id) }]);
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const logs = rows(await api.get(`/api/automations/${id}/logs?limit=100`));
    expect(logs.length).toBe(devices.length);
    for (const device of devices) {
      const log = logs.find((l) => l.device_id === device.id)!;
      const temperature = device.temperature! / 10;
      const held = temperature > 30 && device.status === 1;
      expect(log.overall_status, JSON.stringify(log)).toBe(held ? 'triggered' : 'passed');
      expect(log.evaluated_parameters).toEqual(
        expect.arrayContaining([
          { key: 'temperature', value: temperature },
          { key: 'status', value: device.status === 1 ? 'online' : expect.any(String) },
        ]),
      );
      expect(log.evaluated_conditions).toEqual(
        held
          ? [
              { key: 'cond_0', value: true },
              { key: 'cond_0_0', value: device.signal !== null && device.signal < -90 },
              { key: 'cond_0_1', value: !(device.signal !== null && device.signal < -90) },
            ]
          : [{ key: 'cond_0', value: false }],
      );
    }
  });
});
