import { describe, expect, it } from 'vitest';
import { Client, rows, signedIn, startServer, useServer } from './harness';

// The rules an operator expects: company tree limits, resources without
// overdraw, codes used once, data purchase at 2 GB per credit, invitations
// only for people without an account, notifications from events.

const { server, admin, superAdmin } = useServer({ admin: 'admin@example.com', superAdmin: 'super@example.com' });
const GiB = 1024 ** 3;

const balance = async (client: Client, companyId: number, typeId: number) => {
  const summary = await client.get(`/api/credits/summary?company_id=${companyId}`);
  const left = (summary.body.data as { credits: { left: { credit_type_id: number; credits_left: number }[] } }).credits
    .left;
  return left.find((l) => l.credit_type_id === typeId)!.credits_left;
};

describe('companies', () => {
  it('creates a subsidiary one level down; a level-3 company creates none', async () => {
    const created = await admin.post<{ data: { id: number; level: number } }>('/api/companies', {
      name: 'Acme Iberia',
      parent_id: 1,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.level).toBe(2);
    const tooDeep = await admin.post('/api/companies', { name: 'Vilnius Sub', parent_id: 3 });
    expect(tooDeep.status).toBe(422);
    expect(tooDeep.body).toMatchObject({ errors: [{ source: 'parent_id' }] });
    const short = await admin.post('/api/companies', { name: 'Ab', parent_id: 1 });
    expect(short.body).toMatchObject({ errors: [{ source: 'name' }] });
  });

  it('refuses the same name on edit with the spec toast text', async () => {
    const same = await admin.put('/api/companies/2', { name: 'Acme Baltics' });
    expect(same.body).toMatchObject({
      errors: [{ message: 'Please input different value to save changes.', source: 'name' }],
    });
  });

  it('refuses to remove a company with devices, removes an empty one', async () => {
    const withDevices = await admin.delete('/api/companies/4');
    expect(withDevices.status).toBe(422);
    expect(withDevices.body).toMatchObject({ errors: [{ code: 'COMPANY_HAS_DEVICES' }] });
    const empty = await admin.post<{ data: { id: number } }>('/api/companies', { name: 'Short lived', parent_id: 1 });
    expect((await admin.delete(`/api/companies/${empty.body.data.id}`)).status).toBe(200);
    expect((await admin.get(`/api/companies/${empty.body.data.id}`)).status).toBe(404);
  });

  it('moves a company and keeps the tree at most 3 levels deep', async () => {
    const into = await admin.post('/api/companies/move', { source: 2, target: 4 });
    expect(into.status).toBe(422);
    expect(into.body).toMatchObject({ errors: [{ source: 'target' }] });
    const cycle = await admin.post('/api/companies/move', { source: 2, target: 3 });
    expect(cycle.body).toMatchObject({ errors: [{ source: 'target' }] });
    const ok = await admin.post('/api/companies/move', { source: 3, target: 4 });
    expect(ok.status).toBe(200);
    expect(rows(await admin.get('/api/companies?id=3'))[0]).toMatchObject({ parent_id: 4, level: 3 });
    await admin.post('/api/companies/move', { source: 3, target: 2 });
  });
});

describe('resources', () => {
  it('moves resources without overdraw', async () => {
    const from = await balance(admin, 2, 2);
    const over = await admin.post('/api/credits/move', {
      credit_type_name: 'Paid Credit',
      source: 2,
      target: 3,
      amount: from + 1,
    });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ errors: [{ source: 'amount' }] });
    expect(await balance(admin, 2, 2)).toBe(from);
    const moved = await admin.post('/api/credits/move', {
      credit_type_name: 'Credit',
      source: 2,
      target: 3,
      amount: 40,
    });
    expect(moved.status).toBe(200);
    expect(await balance(admin, 2, 2)).toBe(from - 40);
  });

  it('adds priced resources only with price and pro form number', async () => {
    const missing = await superAdmin.post('/api/credits', { credit_type_id: 2, credit_count: 5, company_id: 4 });
    expect(missing.status).toBe(422);
    const sources = (missing.body.errors as { source: string }[]).map((e) => e.source);
    expect(sources).toEqual(expect.arrayContaining(['credit_price']));
    const before = await balance(superAdmin, 4, 2);
    const added = await superAdmin.post('/api/credits', {
      credit_type_id: 2,
      credit_count: 5,
      company_id: 4,
      credit_price: 3.5,
      pro_form_nr: 'PF-9',
    });
    expect(added.status).toBe(201);
    expect(await balance(superAdmin, 4, 2)).toBe(before + 5);
    const free = await superAdmin.post('/api/credits', { credit_type_id: 1, credit_count: 5, company_id: 4 });
    expect(free.status).toBe(201);
  });

  it('creates a code from own resources and activates it exactly once, answering the amount', async () => {
    const before = await balance(admin, 1, 2);
    const created = await admin.post<{ data: { code: string }; meta: { credit_code: string } }>('/api/credits/codes', {
      credit_type_name: 'Paid Credit',
      amount: 7,
      comment: 'For a partner',
    });
    expect(created.status).toBe(201);
    expect(created.body.meta.credit_code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    expect(await balance(admin, 1, 2)).toBe(before - 7);
    // Spec 001 §3: a credit code's state is Used or Not Used.
    const fresh = rows(await admin.get(`/api/credits/codes?q=${created.body.data.code}`))[0];
    expect(fresh).toMatchObject({ is_used: false, state: 'Not Used' });
    const globex = await signedIn(server, 'globex.admin@example.com');
    const first = await globex.post('/api/credits/codes/activate', { code: created.body.data.code });
    // The vendor's answer: the resource pool the code added, and the amount.
    expect(first.body).toMatchObject({
      success: true,
      data: [{ licence_count: 7, licence_left: 7 }],
      meta: { amount: 7 },
    });
    const again = await globex.post('/api/credits/codes/activate', { code: created.body.data.code });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ errors: [{ source: 'code', message: 'The code has already been used.' }] });
    const listed = rows(await admin.get(`/api/credits/codes?q=${created.body.data.code}`))[0];
    expect(listed).toMatchObject({ is_used: true, state: 'Used', used_by_company_id: 5 });
    const notes = rows(await admin.get('/api/notifications'));
    expect(notes[0]).toMatchObject({ type: 'creditCodeActivation' });
  });

  it('buys company data at 2 GB per credit from company data resources', async () => {
    const company = async () => rows(await admin.get('/api/companies?id=4'))[0] as { remaining_data: number };
    const before = (await company()).remaining_data;
    const pool = await balance(admin, 1, 10);
    const bought = await admin.post('/api/companies/data', { company_id: 4, credits: '003' });
    expect(bought.status).toBe(200);
    expect((await company()).remaining_data).toBe(before + 3 * 2 * GiB);
    expect(await balance(admin, 1, 10)).toBe(pool - 3);
    const history = rows(await admin.get('/api/companies/data/history?company_id=4'))[0];
    expect(history).toMatchObject({ credits_used: 3, data: 6 * GiB, email: 'admin@example.com' });
    const letters = await admin.post('/api/companies/data', { company_id: 4, credits: '3a' });
    expect(letters.body).toMatchObject({ errors: [{ source: 'credits' }] });
  });

  it('warns with creditAmountTooLow when a balance drops under the threshold', async () => {
    const left = await balance(admin, 1, 10);
    const moved = await admin.post('/api/credits/move', {
      credit_type_name: 'Paid Company data',
      source: 1,
      target: 2,
      amount: left - 5,
    });
    expect(moved.status).toBe(200);
    const note = rows(await admin.get('/api/notifications'))[0];
    expect(note).toMatchObject({
      type: 'creditAmountTooLow',
      summary: 'Acme Networks has 5 Paid Company data resources left.',
    });
  });
});

describe('invitations and registration', () => {
  it('invites only people without an account and with an invitable role', async () => {
    const existing = await admin.post('/api/users/invite', {
      company_id: 2,
      email: 'guest@example.com',
      role: 'end_user',
    });
    expect(existing.body).toMatchObject({ errors: [{ source: 'email' }] });
    const badRole = await admin.post('/api/users/invite', {
      company_id: 2,
      email: 'x1@example.com',
      role: 'super_admin',
    });
    expect(badRole.body).toMatchObject({ errors: [{ source: 'role' }] });
    const custom = await admin.post('/api/users/invite', {
      company_id: 1,
      email: 'tech@example.com',
      role: 'field_technician',
    });
    expect(custom.status).toBe(201);
    const mail = rows(await superAdmin.get('/api/system/mail-logs?q=tech@example.com'));
    expect(mail[0]).toMatchObject({ template: 'invitation', recipient: 'tech@example.com' });
  });

  it('registers an invited person and tells the inviter', async () => {
    await admin.post('/api/users/invite', { company_id: 4, email: 'newcomer@example.com', role: 'read_only' });
    const visitor = new Client(server.url);
    await visitor.get('/api/health');
    const refused = await visitor.post('/api/account/register', {
      email: 'stranger@example.com',
      password: 'Another-Password-2',
    });
    expect(refused.status).toBe(422);
    const registered = await visitor.post('/api/account/register', {
      email: 'newcomer@example.com',
      password: 'Another-Password-2',
    });
    expect(registered.status).toBe(201);
    const me = new Client(server.url);
    expect((await me.login('newcomer@example.com', 'Another-Password-2')).status).toBe(200);
    expect((await me.get('/api/user')).body.data).toMatchObject({ company: { id: 4 }, role: { name: 'read_only' } });
    expect(rows(await admin.get('/api/notifications'))[0]).toMatchObject({ type: 'invitedUserRegistration' });
  });

  it('lists roles: default by permission count, then custom by id descending', async () => {
    const list = rows(await admin.get('/api/roles?limit=100&company_id=1'));
    const defaults = list.filter((r) => r.isDefault);
    const counts = defaults.map((r) => r.permissions_count as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(list.findIndex((r) => !r.isDefault)).toBe(defaults.length);
    expect(list.map((r) => r.name)).toContain('field_technician');
    expect(list.map((r) => r.name)).not.toContain('globex_operator');
  });

  it('creates a custom role (new-role form) without granting more than the creator holds', async () => {
    const baltics = await signedIn(server, 'baltics.admin@example.com');
    const catalog = rows(await baltics.get('/api/roles/permissions'));
    const idOf = (name: string) => catalog.find((p) => p.name === name)!.id;
    const escalate = await baltics.post('/api/roles', {
      title: 'Sneaky',
      company_id: [2],
      permission_id: [idOf('super_admin')],
    });
    expect(escalate.body).toMatchObject({ errors: [{ source: 'permission_id' }] });
    const made = await baltics.post<{ data: { id: number } }>('/api/roles', {
      title: 'Riga viewers',
      company_id: [2],
      permission_id: [idOf('view_devices'), idOf('view_permissions')],
    });
    expect(made.status).toBe(200);
    const table = rows(await baltics.get(`/api/roles/${made.body.data.id}/permissions`));
    expect(table.map((p) => p.name).sort()).toEqual(['view_devices', 'view_permissions']);
    expect((await baltics.put('/api/roles/2', { title: 'Boss' })).status).toBe(403);
  });
});

describe('settings store, files, impersonation', () => {
  it('keeps per-user settings', async () => {
    expect((await admin.post('/api/storage', { key: 'table.devices', value: { columns: ['name'] } })).status).toBe(201);
    expect((await admin.post('/api/storage', { key: 'table.devices', value: 1 })).status).toBe(422);
    expect((await admin.put('/api/storage/table.devices', { value: { columns: ['name', 'serial'] } })).status).toBe(
      200,
    );
    const list = await admin.get<{ data: { key: string; value: unknown }[] }>('/api/storage?limit=100');
    expect(list.body.data).toContainEqual({ key: 'table.devices', value: { columns: ['name', 'serial'] } });
    expect((await superAdmin.get<{ data: unknown[] }>('/api/storage')).body.data).toEqual([]);
    expect((await admin.delete('/api/storage/table.devices')).status).toBe(200);
    expect((await admin.delete('/api/storage/table.devices')).status).toBe(404);
  });

  it('downloads a file as a blob with a content-disposition name', async () => {
    const file = rows(await admin.get('/api/files?type=config&limit=1'))[0];
    const response = await admin.raw('GET', `/api/files/${file.id}/download`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`filename="${file.name}"`);
    expect((await response.arrayBuffer()).byteLength).toBe(file.file_size);
  });

  it('uploads device API documentation (multipart) and honours the overwrite flag', async () => {
    const upload = (overwrite: boolean, name = 'rutos-api.json', text = '{"version":"7.13","paths":{}}') => {
      const form = new FormData();
      form.set('system', 'rutos');
      form.set('file', new Blob([text], { type: 'application/json' }), name);
      if (overwrite) form.set('overwrite', 'true');
      return superAdmin.raw('POST', '/api/devices/configurator/specifications', { body: form });
    };
    expect((await upload(false)).status).toBe(201);
    const clash = await upload(false);
    expect(clash.status).toBe(422);
    expect(await clash.json()).toMatchObject({ errors: [{ source: 'file' }] });
    expect((await upload(true)).status).toBe(200);
    const wrongType = await upload(false, 'notes.txt');
    expect(wrongType.status).toBe(422);
    expect(await wrongType.json()).toMatchObject({ errors: [{ source: 'file' }] });
  });

  it('impersonates a user who granted access, with an act marker, logged, and cancels', async () => {
    const client = await signedIn(server, 'admin@example.com');
    const refused = await client.post('/api/users/11/impersonate');
    expect(refused.status).toBe(404);
    const started = await client.post('/api/users/10/impersonate');
    expect(started.status).toBe(200);
    const me = (await client.get('/api/user')).body.data as { email: string; isImpersonating: boolean; token: string };
    expect(me).toMatchObject({ email: 'nordics.user@example.com', isImpersonating: true });
    expect(JSON.parse(Buffer.from(me.token.split('.')[1], 'base64url').toString())).toMatchObject({
      act: { sub: '2' },
    });
    expect((await client.post('/api/user/cancel-impersonation')).status).toBe(200);
    expect(((await client.get('/api/user')).body.data as { email: string }).email).toBe('admin@example.com');
    const log = rows(await client.get('/api/users/impersonation-logs?user_id=10'))[0];
    expect(log).toMatchObject({ impersonator_email: 'admin@example.com', user_email: 'nordics.user@example.com' });
    expect(log.ended_at).not.toBeNull();
  });

  it('lets a user revoke impersonation access', async () => {
    const user = await signedIn(server, 'nordics.user@example.com');
    expect((await user.post('/api/user/revoke-impersonation-access')).status).toBe(200);
    expect((await admin.post('/api/users/10/impersonate')).status).toBe(403);
  });

  it('ends an impersonation at its limit: the access stops and a refresh returns to the impersonator', async () => {
    let now = Date.now();
    const timed = await startServer({ now: () => new Date(now) });
    try {
      const client = await signedIn(timed, 'admin@example.com');
      expect((await client.post('/api/users/4/impersonate')).status).toBe(200);
      expect(((await client.get('/api/user')).body.data as { email: string }).email).toBe('enduser@example.com');
      now += 61 * 60_000;
      expect((await client.get('/api/user')).status).toBe(401);
      expect((await client.post('/api/account/token/refresh')).status).toBe(200);
      const me = (await client.get('/api/user')).body.data as { email: string; isImpersonating: boolean };
      expect(me).toMatchObject({ email: 'admin@example.com', isImpersonating: false });
      const log = rows(await client.get('/api/users/impersonation-logs?user_id=4'))[0];
      expect(log.ended_at).not.toBeNull();
    } finally {
      await timed.close();
    }
  });
});
