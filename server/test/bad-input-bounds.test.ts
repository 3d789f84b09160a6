import { describe, expect, it } from 'vitest';
import { PASSWORD, rows, useServer, type Reply } from './harness';
import { tableChecksums } from './bad-input-snapshot';

// The inputs an attack on the running server answered with a 500, a framework
// error object or stored garbled: each is now a 4xx in the envelope naming its
// source, and the database is unchanged after every one of them.

const { server, admin, superAdmin } = useServer({ admin: 'admin@example.com', superAdmin: 'super@example.com' });

const many = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const UNKNOWN_COMPANY = 99_999;

/** Runs the call, asserts a 4xx envelope whose first error names `source`, and that no table changed. */
async function refused(call: () => Promise<Reply>, status: number, source: string | null) {
  const before = await tableChecksums(server);
  const reply = await call();
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body).toMatchObject({ success: false });
  const errors = reply.body.errors as { code: string; message: string; source: string | null }[];
  expect(errors[0]).toEqual({ code: expect.any(String), message: expect.any(String), source });
  expect(await tableChecksums(server)).toEqual(before);
  return errors[0];
}

async function rawReply(response: Response): Promise<Reply> {
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe('collections in a body are bounded', () => {
  it('40,000 ids answer 422 on their field instead of overflowing the SQL variables', async () => {
    const ids = many(40_000);
    await refused(
      () => admin.post('/api/roles', { title: 'Huge role', company_id: [1], permission_id: ids }),
      422,
      'permission_id',
    );
    await refused(() => admin.post('/api/devices/tags/assign', { device_id: [1], tag_id: ids }), 422, 'tag_id');
    await refused(() => admin.post('/api/devices/tags/assign', { device_id: ids, tag_id: [1] }), 422, 'device_id');
    await refused(
      () => admin.post('/api/devices/credits/move', { source: 1, target: 2, device_id: ids }),
      422,
      'device_id',
    );
    await refused(
      () =>
        admin.post('/api/devices', {
          company_id: 1,
          device_series: 'rut',
          serial: '1234567890',
          mac: '00:1E:42:00:00:01',
          imei: '123456789012345',
          password_confirmation: 'Secret-1',
          tag_id: ids,
        }),
      422,
      'tag_id',
    );
  });

  it('a task group of 20,000 tasks is refused', async () => {
    const tasks = Array.from({ length: 20_000 }, () => ({ name: 't', type: 'command', timeout: '1' }));
    await refused(() => admin.post('/api/devices/tasks/groups', { name: 'Huge group', tasks }), 422, 'tasks');
  });
});

describe('duplicate ids are refused, not merged', () => {
  it('every bulk list of ids answers 422 naming its field when an id comes twice', async () => {
    const [d, e] = rows(await admin.get('/api/devices?company_id=1&limit=2&fields=id')).map((r) => Number(r.id));
    const group = { name: 'Twice', tasks: [{ name: 'Reboot', type: 'command', timeout: '10', command: 'reboot' }] };
    const calls: [() => Promise<Reply>, string][] = [
      [() => admin.post('/api/devices/tags/assign', { device_id: [d, e, d], tag_id: [1] }), 'device_id'],
      [() => admin.post('/api/devices/tags/unassign', { device_id: [d], tag_id: [1, 1] }), 'tag_id'],
      [
        () => admin.post('/api/devices/tags/assign', { data: [{ device_id: d }, { device_id: d }], tag_id: 1 }),
        'device_id',
      ],
      [() => admin.delete('/api/devices', { device_id: [d, d] }), 'device_id'],
      [() => admin.post('/api/devices/move', { company_id: 2, device_id: [d, d] }), 'device_id'],
      [() => admin.post('/api/devices/actions', { action: 'reboot', device_id: [d, d] }), 'device_id'],
      [
        () => admin.put('/api/devices/credit', { credit_type_id: 1, data: [{ device_id: d }, { device_id: d }] }),
        'device_id',
      ],
      [() => admin.put('/api/devices/tags/assign', { data: [{ device_id: d, tag_id: [1, 1] }] }), 'tag_id'],
      [
        () =>
          admin.put('/api/devices/tags/overwrite', {
            data: [
              { device_id: d, tag_id: [1] },
              { device_id: d, tag_id: [2] },
            ],
          }),
        'device_id',
      ],
      [() => admin.post('/api/devices/credits/move', { source: 1, target: 2, device_id: [d, e, d] }), 'device_id'],
      [() => admin.post('/api/roles', { title: 'Twice', company_id: [1, 1], permission_id: [1] }), 'company_id'],
      [() => admin.post('/api/roles', { title: 'Twice', company_id: [1], permission_id: [1, 2, 1] }), 'permission_id'],
      [
        () => admin.put('/api/roles/7', { title: 'Twice', permissions: ['view_devices', 'view_devices'] }),
        'permissions',
      ],
      [() => admin.put('/api/notifications', { id: [1, 1] }), 'id'],
      [() => admin.post('/api/devices/tasks/groups', { ...group, success_tag_id: [1, 1] }), 'success_tag_id'],
      [
        () =>
          admin.post('/api/devices', {
            company_id: 1,
            device_series: 'rut',
            serial: '9100000002',
            mac: '00:1E:42:00:91:02',
            password_confirmation: PASSWORD,
            tag_id: [1, 1],
          }),
        'tag_id',
      ],
    ];
    for (const [call, source] of calls) {
      expect((await refused(call, 422, source)).message).toMatch(/^The [\w ]+ field has a duplicate value\.$/);
    }
  });
});

describe('list parameters have allow lists', () => {
  it('search-fields outside the search list are ignored, sort outside the sort list is a 422', async () => {
    const searched = await admin.get('/api/devices?q=rut&search-fields=company_name');
    expect(searched.status).toBe(200);
    await refused(() => admin.get('/api/credits?sort=credit_reserved'), 422, 'sort');
  });

  it('paging that is not a non-negative integer is a 422 on limit or offset, on every list (one reader)', async () => {
    const lists = ['/api/devices', '/api/devices/tasks', '/api/notifications', '/api/storage', '/api/documents/audit'];
    for (const list of lists) {
      await refused(() => superAdmin.get(`${list}?limit=ten`), 422, 'limit');
      await refused(() => superAdmin.get(`${list}?limit=-1`), 422, 'limit');
      await refused(() => superAdmin.get(`${list}?offset=1.5`), 422, 'offset');
      const paged = await superAdmin.get(`${list}?limit=2&offset=1`);
      expect(paged.status, `${list}: ${JSON.stringify(paged.body)}`).toBe(200);
      expect((paged.body.data as unknown[]).length).toBeLessThanOrEqual(2);
    }
    await refused(() => superAdmin.get('/api/devices/discovered?offset=x'), 422, 'offset');
  });

  it('a NUL in q is a 422 on q', async () => {
    await refused(() => admin.get('/api/devices?q=ab%00cd'), 422, 'q');
    await refused(() => admin.get('/api/tags?q=%00'), 422, 'q');
  });
});

describe('query parameters are well-formed text', () => {
  it('a value that is not UTF-8, an encoded lone surrogate or a NUL is a 422 on its parameter', async () => {
    await refused(() => admin.get('/api/tags?q=%FF'), 422, 'q');
    await refused(() => admin.get('/api/devices?q=%ED%A0%80'), 422, 'q');
    await refused(() => admin.get('/api/tags?status=%00'), 422, 'status');
    await refused(() => admin.delete('/api/tags/1?code=%C0'), 422, 'code');
  });

  it('a parameter name that is not UTF-8 is a 400 on the URL, while encoded UTF-8 is read', async () => {
    await refused(() => admin.get('/api/tags?%FF=1'), 400, 'url');
    const accented = await admin.get('/api/tags?q=caf%C3%A9+bar');
    expect(accented.status).toBe(200);
  });
});

describe('framework errors are envelopes', () => {
  it('a malformed URL answers 400 in the envelope', async () => {
    await refused(async () => rawReply(await admin.raw('GET', '/api/%ZZ')), 400, 'url');
  });

  it('a truncated multipart body answers 400 in the envelope', async () => {
    const body =
      '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello';
    await refused(
      async () =>
        rawReply(
          await admin.raw('POST', '/api/files', {
            body,
            headers: { 'content-type': 'multipart/form-data; boundary=XX' },
          }),
        ),
      400,
      null,
    );
  });
});

describe('numbers are numbers', () => {
  it('a number written in hexadecimal or past the safe integers is refused on its field', async () => {
    const move = (amount: unknown) => ({ credit_type_name: 'Paid Credit', source: 1, target: 2, amount });
    await refused(() => admin.post('/api/credits/move', move('0x10')), 422, 'amount');
    await refused(() => admin.post('/api/credits/move', move('Infinity')), 422, 'amount');
    const huge = await admin.post('/api/credits/move', move(1e20));
    expect(huge.body).toMatchObject({ errors: [{ source: 'amount', message: expect.stringContaining('greater') }] });
    await refused(() => admin.post('/api/devices/tags/assign', { device_id: [1], tag_id: [1e20] }), 422, 'tag_id');
  });

  it('an id past the 32-bit ids a table holds names nothing, on SQLite and PostgreSQL alike', async () => {
    const past = 2_147_483_648;
    await refused(() => admin.post('/api/devices/tags/assign', { device_id: [past], tag_id: [1] }), 422, 'device_id');
    await refused(() => admin.post('/api/tags', { company_id: past, name: 'Far' }), 422, 'company_id');
    await refused(() => admin.put(`/api/tags/${past}`, { name: 'Far' }), 404, null);
    await refused(() => admin.put('/api/notifications', { id: [past] }), 422, 'id.0');
  });
});

describe('referenced companies must exist', () => {
  it("an unknown company id in a super admin's call is a 422 on its field", async () => {
    const calls: [string, string, Record<string, unknown>, string][] = [
      ['POST', '/api/companies', { name: 'Nowhere Ltd', parent_id: UNKNOWN_COMPANY }, 'parent_id'],
      ['POST', '/api/tags', { name: 'Nowhere', company_id: UNKNOWN_COMPANY }, 'company_id'],
      ['POST', '/api/users/invite', { email: 'nobody@example.com', company_id: UNKNOWN_COMPANY }, 'company_id'],
      ['POST', '/api/companies/move', { source: UNKNOWN_COMPANY, target: 1 }, 'source'],
      ['POST', '/api/credits', { credit_type_id: 1, credit_count: 5, company_id: UNKNOWN_COMPANY }, 'company_id'],
      ['POST', '/api/companies/data', { company_id: UNKNOWN_COMPANY, credits: '1' }, 'company_id'],
      [
        'POST',
        '/api/credits/codes',
        { credit_type_name: 'Paid Credit', company_id: UNKNOWN_COMPANY, amount: 1 },
        'company_id',
      ],
    ];
    for (const [method, url, body, source] of calls) {
      await refused(() => superAdmin.request(method, url, body), 422, source);
    }
    await refused(() => superAdmin.put(`/api/companies/${UNKNOWN_COMPANY}`, { name: 'Nowhere Ltd' }), 404, null);
  });
});

describe('text is well-formed', () => {
  it('a lone surrogate is a 422 on its field, not stored garbled', async () => {
    await refused(() => admin.post('/api/tags', { company_id: 1, name: 'half \ud800 pair' }), 422, 'name');
    await refused(
      () =>
        admin.post('/api/devices/tasks/groups', {
          name: 'Group',
          tasks: [{ name: '\udfff', type: 'command', timeout: '1' }],
        }),
      422,
      'tasks.0.name',
    );
  });

  it('a body that is not UTF-8 is a 400, not stored with replacement characters', async () => {
    const body = Buffer.concat([
      Buffer.from('{"company_id":1,"name":"bad '),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}'),
    ]);
    await refused(
      async () =>
        rawReply(await admin.raw('POST', '/api/tags', { body, headers: { 'content-type': 'application/json' } })),
      400,
      null,
    );
  });
});

describe('create and edit agree, the API offers what the console offers', () => {
  it('a company name longer than the edit form allows is refused by create too', async () => {
    await refused(() => admin.post('/api/companies', { name: 'x'.repeat(5000), parent_id: 1 }), 422, 'name');
    await refused(() => admin.put('/api/companies/2', { name: 'x'.repeat(256) }), 422, 'name');
  });

  it('a device name add stores, edit saves; longer is refused by both', async () => {
    const device = (serial: string, name: string) => ({
      company_id: 1,
      device_series: 'rut',
      name,
      serial,
      mac: `00:1E:42:00:00:${serial.slice(-2)}`,
      password_confirmation: PASSWORD,
    });
    await refused(() => admin.post('/api/devices', device('9000000001', 'n'.repeat(101))), 422, 'name');
    const added = await admin.post('/api/devices', device('9000000002', 'n'.repeat(100)));
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const id = (added.body.data as { id: number }).id;
    expect((await admin.put(`/api/devices/${id}`, { name: 'm'.repeat(100) })).status).toBe(200);
    await refused(() => admin.put(`/api/devices/${id}`, { name: 'm'.repeat(101) }), 422, 'name');
  });

  it('a role title and description the create stores, the edit saves; blank is refused', async () => {
    const created = await admin.post('/api/roles', {
      title: 't'.repeat(255),
      description: 'd'.repeat(255),
      company_id: [1],
      permission_id: [1],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = (created.body.data as { id: number }).id;
    const edited = await admin.put(`/api/roles/${id}`, { title: 'u'.repeat(255), description: 'e'.repeat(255) });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    await refused(() => admin.put(`/api/roles/${id}`, { title: 'u'.repeat(256) }), 422, 'title');
    await refused(() => admin.put(`/api/roles/${id}`, { title: '   ' }), 422, 'title');
  });

  it('a tag description longer than the new-tag form allows is refused by edit too; a blank name is refused', async () => {
    await refused(
      () => admin.post('/api/tags', { company_id: 1, name: 'Long', description: 'd'.repeat(201) }),
      422,
      'description',
    );
    await refused(() => admin.put('/api/tags/1', { description: 'd'.repeat(201) }), 422, 'description');
    expect((await admin.put('/api/tags/1', { description: 'd'.repeat(200) })).status).toBe(200);
    await refused(() => admin.put('/api/tags/1', { name: '   ' }), 422, 'name');
  });

  it('an admin cannot create codes from or move a free credit type; a super admin can (forms spec §6)', async () => {
    await refused(
      () => admin.post('/api/credits/codes', { credit_type_name: 'Free Credit', amount: 1 }),
      422,
      'credit_type_name',
    );
    // Named by its id as well as by its name ('Credit', the paid type's name without 'Paid', is the paid one).
    for (const name of ['Free Credit', '1']) {
      const move = { credit_type_name: name, source: 1, target: 2, amount: 1 };
      await refused(() => admin.post('/api/credits/move', move), 422, 'credit_type_name');
    }
    const moved = await superAdmin.post('/api/credits/move', {
      credit_type_name: 'Free Credit',
      source: 1,
      target: 2,
      amount: 1,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  });
});
