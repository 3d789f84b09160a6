import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';

// Custom fields (a form field the resource does not store), over real HTTP on
// both databases: the worked example, an optional "Location note" on
// New tag, required once a colour is chosen. Stored with the tag, read back
// under custom_fields, filtered, sorted, exported, kept to its tenancy and its
// field's permission, kept when the field leaves the form until an owner
// deletes the values.

const { superAdmin, admin, globex, baltics } = useServer({
  superAdmin: 'super@example.com',
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  baltics: 'baltics.admin@example.com',
});

type Field = { key: string; [k: string]: unknown };
type Doc = { fields: Field[]; [k: string]: unknown };
type Body = { data: Record<string, unknown>; errors: { source: string; message: string }[] };

const newTag = JSON.parse(readFileSync('schemas/forms/new-tag.json', 'utf8')) as Doc;
const note = {
  key: 'location_note',
  label: 'Location note',
  type: 'text',
  maxlength: 200,
  requiredWhen: [{ key: 'color' }],
};
const secret = { key: 'secret_note', label: 'Secret note', type: 'text', permission: 'manage_documents' };

const editTag: Doc = {
  $schema: '../form.schema.json',
  title: 'Edit tag',
  endpoint: '/tags/{id}',
  method: 'put',
  permission: 'update_tags',
  fields: [
    { key: 'name', label: 'Name', type: 'text', required: true, maxlength: 100 },
    { key: 'description', label: 'Description', type: 'textarea', maxlength: 500 },
    { key: 'location_note', label: 'Location note', type: 'text', maxlength: 200 },
  ],
};

async function publish(doc: Doc, name = 'new-tag') {
  const current = await superAdmin.get<{ meta: { version: number } }>(`/api/documents/forms/${name}`);
  const version = current.status === 200 ? current.body.meta.version : 0;
  const put = await superAdmin.put(`/api/documents/forms/${name}`, { document: doc, version });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

const tag = (company: number, name: string, extra: Record<string, unknown> = {}) => ({
  company_id: company,
  name,
  ...extra,
});

describe('custom fields', () => {
  const ids: Record<string, number> = {};

  it('stores a custom field with the tag, enforces its rules (required when a colour is chosen, max length)', async () => {
    await publish({ ...newTag, fields: [...newTag.fields, note, secret] });
    const missing = await admin.post<Body>('/api/tags', tag(1, 'Lab', { color: '#1a2b3c' }));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'The location note field is required.', source: 'location_note' },
    ]);
    const long = await admin.post<Body>(
      '/api/tags',
      tag(1, 'Lab', { color: '#1a2b3c', location_note: 'x'.repeat(201) }),
    );
    expect(long.status).toBe(422);
    expect(long.body.errors[0].source).toBe('location_note');
    expect(rows(await admin.get('/api/tags?q=Lab'))).toEqual([]);

    for (const [name, body] of [
      ['Lab', { color: '#1a2b3c', location_note: '  Shelf 3  ' }],
      ['Roof', { color: '#000000', location_note: 'Antenna mast' }],
      ['Cellar', {}],
    ] as const) {
      const created = await admin.post<Body>('/api/tags', tag(1, name, body));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      ids[name] = created.body.data.id as number;
    }
    const lab = await admin.get<Body>(`/api/tags/${ids.Lab}`);
    expect(lab.body.data).toMatchObject({ name: 'Lab', color: '#1a2b3c', custom_fields: { location_note: 'Shelf 3' } });
    expect((await admin.get<Body>(`/api/tags/${ids.Cellar}`)).body.data.custom_fields).toEqual({});
  });

  it('filters and sorts the list by a custom field; rows without a value sort last either way', async () => {
    const filtered = rows(await admin.get('/api/tags?custom_fields.location_note=Shelf%203'));
    expect(filtered.map((r) => r.name)).toEqual(['Lab']);
    const mine = `id=${ids.Lab},${ids.Roof},${ids.Cellar}`;
    const asc = rows(await admin.get(`/api/tags?${mine}&sort=custom_fields.location_note`));
    expect(asc.map((r) => r.name)).toEqual(['Roof', 'Lab', 'Cellar']);
    const desc = rows(await admin.get(`/api/tags?${mine}&sort=-custom_fields.location_note`));
    expect(desc.map((r) => r.name)).toEqual(['Lab', 'Roof', 'Cellar']);
    expect((await admin.get('/api/tags?sort=custom_fields.no-such')).status).toBe(422);
  });

  it('edits a custom field through a form of the edit route; an empty value removes it', async () => {
    await publish(editTag, 'edit-tag');
    // The published document decides the edit's limits: 500 characters, where the route's own schema says 200.
    const long = await admin.put<Body>(`/api/tags/${ids.Roof}`, {
      name: 'Roof',
      description: 'd'.repeat(500),
      location_note: 'Mast 2',
    });
    expect(long.status, JSON.stringify(long.body)).toBe(200);
    const roof = (await admin.get<Body>(`/api/tags/${ids.Roof}`)).body.data;
    expect(roof).toMatchObject({ description: 'd'.repeat(500), custom_fields: { location_note: 'Mast 2' } });
    expect(
      (await admin.put<Body>(`/api/tags/${ids.Roof}`, { name: 'Roof', description: 'd'.repeat(501) })).status,
    ).toBe(422);
    expect((await admin.put(`/api/tags/${ids.Roof}`, { name: 'Roof', location_note: '' })).status).toBe(200);
    expect((await admin.get<Body>(`/api/tags/${ids.Roof}`)).body.data.custom_fields).toEqual({});
    expect((await admin.put(`/api/tags/${ids.Roof}`, { name: 'Roof', location_note: 'Mast 2' })).status).toBe(200);
  });

  it('keeps to the tenancy and to the field permission; part of the CSV export', async () => {
    const other = await globex.post<Body>(
      '/api/tags',
      tag(5, 'Globex lab', { color: '#ffffff', location_note: 'Globex shelf' }),
    );
    expect(other.status).toBe(201);
    ids.Globex = other.body.data.id as number;
    expect(rows(await admin.get('/api/tags?custom_fields.location_note=Globex%20shelf'))).toEqual([]);
    expect((await admin.get(`/api/tags/${ids.Globex}`)).status).toBe(404);
    expect(rows(await baltics.get('/api/tags?custom_fields.location_note=Shelf%203'))).toEqual([]);
    // Only holders of the field's permission read (and filter by) a gated custom field.
    const gated = await superAdmin.post<Body>('/api/tags', tag(1, 'Vault', { secret_note: 'behind the door' }));
    expect(gated.status).toBe(201);
    expect((await superAdmin.get<Body>(`/api/tags/${gated.body.data.id}`)).body.data.custom_fields).toEqual({
      secret_note: 'behind the door',
    });
    expect((await admin.get<Body>(`/api/tags/${gated.body.data.id}`)).body.data.custom_fields).toEqual({});
    expect(rows(await admin.get('/api/tags?custom_fields.secret_note=behind%20the%20door')).length).toBeGreaterThan(1);

    const csv = await admin.raw('GET', `/api/tags/export/csv?id=${ids.Lab},${ids.Roof},${ids.Cellar}&sort=name`);
    expect(csv.status).toBe(200);
    const [header, ...lines] = (await csv.text()).trim().split('\r\n');
    const columns = header.split(',');
    expect(columns).toContain('custom_fields.location_note');
    expect(columns).not.toContain('custom_fields.secret_note');
    const at = columns.indexOf('custom_fields.location_note');
    expect(lines.map((l) => l.split(',')[at])).toEqual(['', 'Shelf 3', 'Mast 2']);
  });

  it('a field removed from the form keeps its values, shown as no longer on the form, until an owner deletes them', async () => {
    const fields = await admin.get<{ data: { fields: Record<string, unknown>[] } }>(
      '/api/custom-fields?endpoint=/tags',
    );
    expect(fields.body.data.fields).toEqual([
      {
        key: 'location_note',
        label: 'Location note',
        type: 'text',
        on_form: true,
        forms: ['edit-tag', 'new-tag'],
        records: 2,
      },
    ]);
    // A tag's detail page asks by its item endpoint.
    const detail = await admin.get<{ data: Record<string, unknown> }>('/api/custom-fields?endpoint=/tags/{id}');
    expect(detail.body.data).toEqual({ resource: 'tags', fields: fields.body.data.fields });
    expect((await superAdmin.delete<Body>('/api/custom-fields/tags/location_note')).status).toBe(422);
    await publish({ ...newTag, fields: [...newTag.fields, secret] });
    await publish({ ...editTag, fields: editTag.fields.slice(0, 2) }, 'edit-tag');
    expect((await admin.get<Body>(`/api/tags/${ids.Lab}`)).body.data.custom_fields).toEqual({
      location_note: 'Shelf 3',
    });
    const removed = await admin.get<{ data: { fields: Record<string, unknown>[] } }>('/api/custom-fields/tags');
    expect(removed.body.data.fields).toEqual([
      { key: 'location_note', label: 'location_note', type: 'text', on_form: false, forms: [], records: 2 },
    ]);
    // The owners of each tenancy delete their own values only.
    expect((await admin.delete('/api/custom-fields/tags/location_note')).status).toBe(403);
    const globexCount = await globex.get<{ data: { fields: { records: number }[] } }>('/api/custom-fields/tags');
    expect(globexCount.body.data.fields[0].records).toBe(1);
    const deleted = await superAdmin.delete<Body>('/api/custom-fields/tags/location_note');
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ key: 'location_note', deleted: 3 });
    expect((await admin.get<Body>(`/api/tags/${ids.Lab}`)).body.data.custom_fields).toEqual({});
  });

  it('tells which keys a form route stores', async () => {
    const stored = await superAdmin.get<Body>('/api/custom-fields/stored?method=post&endpoint=/tags');
    expect(stored.body.data).toEqual({
      resource: 'tags',
      stored: ['id', 'company_id', 'name', 'description', 'color'],
    });
    const companies = await superAdmin.get<Body>('/api/custom-fields/stored?method=put&endpoint=/companies/{id}');
    expect(companies.body.data).toMatchObject({ resource: 'companies', stored: expect.arrayContaining(['name']) });
    const none = await superAdmin.get<Body>('/api/custom-fields/stored?method=post&endpoint=/vpn/hubs');
    expect(none.body.data).toEqual({ resource: null, stored: [] });
    expect((await admin.get('/api/custom-fields/stored?method=post&endpoint=/tags')).status).toBe(403);
  });
});
