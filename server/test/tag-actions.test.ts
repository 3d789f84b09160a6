import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_SCOPES } from '../auth/personal-tokens';
import { rows, tokenClient, useServer, type Client } from './harness';
import { expectConforms, sources } from './openapi/conforms';

// A tag's actions as the OpenAPI writes them (POST /tags `actions`, issue 29
// item 4): up to four, one of each kind, each naming its source in the tag's
// company (a firmware or backup file, a task group, a configurator
// template); the tag list answers them with their source's name.

const { server, admin } = useServer({ admin: 'admin@example.com' });
let api: Client;
let company: number;
const source: Record<string, number> = {};
let foreignFirmware: number;

const db = () => server.app.ctx.db;
const tagsNamed = async (name: string) =>
  rows(await api.get(`/api/tags?limit=100&search=${encodeURIComponent(name)}`)).filter((t) => t.name === name);

beforeAll(async () => {
  api = (await tokenClient(server, admin, TOKEN_SCOPES, 'tag-actions')).client;
  company = ((await api.get('/api/user')).body.data as { company: { id: number } }).company.id;
  const file = (type: string) =>
    db().selectFrom('files').select(['id', 'name']).where('type', '=', type).where('company_id', '=', company);
  const record = (kind: string) =>
    db().selectFrom('records').select(['id', 'name']).where('kind', '=', kind).where('company_id', '=', company);
  source.firmware_upload = (await file('firmware').executeTakeFirstOrThrow()).id;
  source.config_upload = (await file('config').executeTakeFirstOrThrow()).id;
  source.execute_tasks_group = (await record('task_group').executeTakeFirstOrThrow()).id;
  source.execute_mulficonfig_template = (await record('configurator_template').executeTakeFirstOrThrow()).id;
  foreignFirmware = (
    await db()
      .selectFrom('files')
      .select('id')
      .where('type', '=', 'firmware')
      .where('company_id', '!=', company)
      .executeTakeFirstOrThrow()
  ).id;
});

describe('POST /tags actions', () => {
  it('are taken, and the tag list answers them with their sources’ names', async () => {
    const actions = Object.entries(source).map(([action, source_id]) => ({ action, source_id }));
    const reply = await api.post('/api/tags', {
      name: 'Rollout',
      description: 'Gets the lot',
      company_id: company,
      actions,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    const list = await api.get('/api/tags?limit=100&search=Rollout');
    expectConforms('GET /tags', list);
    const [tag] = rows(list).filter((t) => t.name === 'Rollout');
    const names = Object.fromEntries(
      await Promise.all(
        Object.entries(source).map(async ([action, id]) => {
          const table = action.endsWith('_upload') ? 'files' : 'records';
          const row = await db().selectFrom(table).select('name').where('id', '=', id).executeTakeFirstOrThrow();
          return [action, row.name];
        }),
      ),
    );
    expect(tag.actions).toEqual(
      Object.keys(source)
        .sort()
        .map((action) => ({
          tag_id: tag.id,
          action,
          source_id: source[action],
          source_name: names[action],
          created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        })),
    );
    // A tag without actions answers an empty list.
    await api.post('/api/tags', { name: 'Plain', description: 'Nothing runs', company_id: company });
    expect((await tagsNamed('Plain'))[0].actions).toEqual([]);
  });

  it('refuses what the OpenAPI or the company does not allow, and writes nothing', async () => {
    const before = (
      await db()
        .selectFrom('tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const refused = async (actions: unknown) => {
      const reply = await api.post('/api/tags', { name: 'Refused', description: 'x', company_id: company, actions });
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      return sources(reply);
    };
    const firmware = { action: 'firmware_upload', source_id: source.firmware_upload };
    expect(await refused([firmware, firmware])).toEqual(['actions.1.action']);
    expect(await refused([{ action: 'firmware_upload', source_id: foreignFirmware }])).toEqual(['actions.0.source_id']);
    expect(await refused([{ action: 'firmware_upload', source_id: source.config_upload }])).toEqual([
      'actions.0.source_id',
    ]);
    expect(await refused([{ action: 'execute_tasks_group', source_id: source.execute_mulficonfig_template }])).toEqual([
      'actions.0.source_id',
    ]);
    expect(await refused([{ action: 'config_upload' }])).toEqual(['actions.0.source_id']);
    expect(await refused([{ source_id: 1 }])).toEqual(['actions.0.action']);
    expect((await refused([{ action: 'factory_reset', source_id: 1 }]))[0]).toMatch(/^actions\.0/);
    expect((await refused([{ action: 'config_upload', source_id: '1' }]))[0]).toMatch(/^actions\.0/);
    expect((await refused(Array.from({ length: 5 }, () => firmware)))[0]).toMatch(/^actions/);
    expect((await refused('firmware'))[0]).toBe('actions');
    const after = (
      await db()
        .selectFrom('tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(after)).toBe(Number(before));
    expect(await db().selectFrom('tag_actions').selectAll().where('source_id', '=', foreignFirmware).execute()).toEqual(
      [],
    );
  });

  it('go with their tag', async () => {
    const reply = await api.post('/api/tags', {
      name: 'Short-lived',
      description: 'x',
      company_id: company,
      actions: [{ action: 'config_upload', source_id: source.config_upload }],
    });
    const id = (reply.body.data as { id: number }).id;
    expect((await api.delete(`/api/tags/${id}`)).status).toBe(200);
    expect(await db().selectFrom('tag_actions').selectAll().where('tag_id', '=', id).execute()).toEqual([]);
  });

  it('run for a device newly given the tag, by any call that tags devices, and once', async () => {
    const made = await api.post('/api/tags', {
      name: 'Nightly',
      description: 'Runs the rollout',
      company_id: company,
      actions: [
        { action: 'execute_tasks_group', source_id: source.execute_tasks_group },
        { action: 'firmware_upload', source_id: source.firmware_upload },
      ],
    });
    const tag = (made.body.data as { id: number }).id;
    const devices = await db()
      .selectFrom('devices')
      .select('id')
      .where('company_id', '=', company)
      .orderBy('id')
      .limit(3)
      .execute();
    const [first, second, third] = devices.map((d) => d.id);
    const logged = async (deviceId: number) =>
      (
        await db()
          .selectFrom('records')
          .select('details')
          .where('kind', '=', 'device_action_log')
          .where('details', 'like', `%"device_id":${deviceId}}`)
          .execute()
      )
        .map((r) => (JSON.parse(r.details) as { action: string }).action)
        .sort();
    const settled = async (deviceId: number, count: number) => {
      await expect.poll(async () => (await logged(deviceId)).length, { timeout: 10_000 }).toBe(count);
      return logged(deviceId);
    };
    const before = await logged(first);
    // The RMS API's per-device rows; the console's bulk assign; the device's own edit.
    const assigned = await api.put('/api/devices/tags/assign', { data: [{ device_id: first, tag_id: [tag] }] });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(await settled(first, before.length + 2)).toEqual(['firmware_upload', 'task_group', ...before].sort());
    const beforeSecond = (await logged(second)).length;
    const bulk = await api.put('/api/devices/tags/assign', {
      data: [
        { device_id: first, tag_id: [tag] },
        { device_id: second, tag_id: [tag] },
      ],
    });
    expect(bulk.status).toBe(200);
    const beforeThird = (await logged(third)).length;
    const edited = await api.put(`/api/devices/${third}`, { tag_id: [tag] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await settled(second, beforeSecond + 2);
    await settled(third, beforeThird + 2);
    // The first device had the tag already: nothing runs for it again.
    expect((await logged(first)).length).toBe(before.length + 2);
  });
});
