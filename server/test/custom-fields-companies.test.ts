import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';

// Custom fields beyond tags: an "Account manager" a product owner adds to New
// company and Edit company is kept with the company, over real HTTP: read back
// under custom_fields from the company and the list, filtered and sorted by,
// kept to the tenancy, dropped with the company.

const { superAdmin, admin, globex } = useServer({
  superAdmin: 'super@example.com',
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
});

type Doc = { fields: Record<string, unknown>[]; [k: string]: unknown };
type Body = { data: Record<string, unknown> };

const form = (name: string) => JSON.parse(readFileSync(`schemas/forms/${name}.json`, 'utf8')) as Doc;
const manager = { key: 'account_manager', label: 'Account manager', type: 'text', maxlength: 50 };

async function publish(name: string) {
  const doc = form(name);
  const current = await superAdmin.get<{ meta: { version: number } }>(`/api/documents/forms/${name}`);
  const document = { ...doc, fields: [...doc.fields, manager] };
  const put = await superAdmin.put(`/api/documents/forms/${name}`, { document, version: current.body.meta.version });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

describe('custom fields of companies', () => {
  const ids: Record<string, number> = {};

  it('stores a custom field with a new company and reads it back from the company and the list', async () => {
    await publish('new-company');
    const long = await admin.post('/api/companies', {
      name: 'Acme Iberia',
      parent_id: 1,
      account_manager: 'x'.repeat(51),
    });
    expect(long.status).toBe(422);
    for (const [name, value] of [
      ['Acme Iberia', 'Rita'],
      ['Acme Alps', 'Bo'],
    ] as const) {
      const created = await admin.post<Body>('/api/companies', { name, parent_id: 1, account_manager: value });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids[name] = created.body.data.id as number;
    }
    const iberia = await admin.get<Body>(`/api/companies/${ids['Acme Iberia']}`);
    expect(iberia.body.data).toMatchObject({ name: 'Acme Iberia', custom_fields: { account_manager: 'Rita' } });
    const filtered = rows(await admin.get('/api/companies?custom_fields.account_manager=Bo'));
    expect(filtered.map((r) => r.name)).toEqual(['Acme Alps']);
    const sorted = rows(
      await admin.get(`/api/companies?id=${ids['Acme Iberia']},${ids['Acme Alps']}&sort=custom_fields.account_manager`),
    );
    expect(sorted.map((r) => r.name)).toEqual(['Acme Alps', 'Acme Iberia']);
    const fields = await admin.get<{ data: { resource: string; fields: { key: string; records: number }[] } }>(
      '/api/custom-fields?endpoint=/companies',
    );
    expect(fields.body.data.resource).toBe('companies');
    expect(fields.body.data.fields).toMatchObject([{ key: 'account_manager', records: 2 }]);
  });

  it('the edit form changes the value; another tenancy neither reads nor counts it; removing the company drops it', async () => {
    await publish('edit-company');
    const id = ids['Acme Iberia'];
    const edited = await admin.put(`/api/companies/${id}`, { name: 'Acme Iberia Sur', account_manager: 'Ana' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect((await admin.get<Body>(`/api/companies/${id}`)).body.data.custom_fields).toEqual({ account_manager: 'Ana' });
    // A change of the custom field alone is a change; the same name and the same value is not.
    const alone = await admin.put(`/api/companies/${id}`, { name: 'Acme Iberia Sur', account_manager: 'Eva' });
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    expect((await admin.get<Body>(`/api/companies/${id}`)).body.data.custom_fields).toEqual({ account_manager: 'Eva' });
    const same = await admin.put(`/api/companies/${id}`, { name: 'Acme Iberia Sur', account_manager: 'Eva' });
    expect(same.status).toBe(422);
    expect(same.body).toMatchObject({
      errors: [{ source: 'name', message: 'Please input different value to save changes.' }],
    });
    expect((await globex.get(`/api/companies/${id}`)).status).toBe(404);
    const theirs = await globex.get<{ data: { fields: { records: number }[] } }>(
      '/api/custom-fields?endpoint=/companies',
    );
    expect(theirs.body.data.fields).toMatchObject([{ records: 0 }]);
    expect((await superAdmin.delete(`/api/companies/${id}`)).status).toBe(200);
    const left = await admin.get<{ data: { fields: { records: number }[] } }>('/api/custom-fields?endpoint=/companies');
    expect(left.body.data.fields).toMatchObject([{ records: 1 }]);
  });
});
