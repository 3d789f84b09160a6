import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentText } from '../../engine/schema/document-text';
import { MAX_DOCUMENT_CHARS } from '../../engine/schema/document-safety';
import { buildApp } from '../app';
import { useServer, type Client } from './harness';

// The document store's fixed points over real HTTP on a real SQLite file:
// ETag and 304, publish with 422 pointers and 409, versions, revert, the
// manage_documents permission, the audit log, the dry run, and a publish taking
// effect on the server's validation of submissions without a restart.

const { server, superAdmin, admin } = useServer(
  { superAdmin: 'super@example.com', admin: 'admin@example.com' },
  { devices: 10 },
);

const newTag = JSON.parse(readFileSync('schemas/forms/new-tag.json', 'utf8')) as {
  fields: { key: string; required?: boolean; [k: string]: unknown }[];
  [k: string]: unknown;
};

type Body = { data: Record<string, unknown>; meta: Record<string, unknown>; errors: { source: string }[] };

describe('documents API', () => {
  it('serves a built-in document with an ETag; an unchanged document costs one 304', async () => {
    const first = await admin.get<Body>('/api/documents/forms/new-tag');
    expect(first.status).toBe(200);
    expect(first.body.data.endpoint).toBe('/tags');
    expect(first.body.meta).toMatchObject({ version: 1, updated_by: 'built-in' });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"1-/);
    const again = await admin.raw('GET', '/api/documents/forms/new-tag', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await admin.get('/api/documents/forms/no-such-form')).status).toBe(404);
    expect((await admin.get('/api/documents/widgets/new-tag')).status).toBe(404);
    expect(
      (await new (admin.constructor as typeof Client)(server.url).get('/api/documents/forms/new-tag')).status,
    ).toBe(401);
  });

  it('serves the documents of the pages opened with a connection key without a session, no other', async () => {
    const anonymous = new (admin.constructor as typeof Client)(server.url);
    expect((await anonymous.get('/api/documents/pages/rms-connect.ssh')).status).toBe(200);
    expect((await anonymous.get('/api/documents/pages/rms-connect.desktop')).status).toBe(200);
    expect((await anonymous.get('/api/documents/pages/rms-connect.sftp')).status).toBe(401);
    expect((await anonymous.get('/api/documents/forms/rms-connect.ssh')).status).toBe(401);
  });

  it('lists the documents of a kind and of every kind', async () => {
    const forms = await admin.get<{ data: { name: string; kind: string }[] }>('/api/documents/forms');
    expect(forms.body.data.map((d) => d.name)).toEqual(expect.arrayContaining(['new-tag', 'invite-user']));
    const all = await admin.get<{ data: { kind: string }[] }>('/api/documents?q=compan');
    expect(new Set(all.body.data.map((d) => d.kind))).toEqual(new Set(['lookups', 'pages', 'forms']));
  });

  it('refuses writes without manage_documents (403) and leaves the document unchanged', async () => {
    const put = await admin.put('/api/documents/forms/new-tag', { document: newTag, version: 1 });
    expect(put.status).toBe(403);
    expect((await admin.post('/api/documents/forms/new-tag/revert', { version: 1 })).status).toBe(403);
    expect((await admin.get('/api/documents/forms/new-tag/versions')).status).toBe(403);
    expect((await admin.get('/api/documents/audit')).status).toBe(403);
    expect((await admin.get<Body>('/api/documents/forms/new-tag')).body.meta.version).toBe(1);
  });

  it('answers 422 with one error per problem, its source the JSON pointer, and publishes nothing', async () => {
    const broken = {
      ...newTag,
      title: 'New <b>tag</b>',
      fields: [
        { ...newTag.fields[0], lable: 'Name' },
        { ...newTag.fields[1], depends: [{ key: 'ghost' }] },
      ],
    };
    const put = await superAdmin.put<Body>('/api/documents/forms/new-tag', { document: broken, version: 1 });
    expect(put.status).toBe(422);
    expect(put.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'VALIDATION_ERROR',
          source: '/fields/0/lable',
          message: 'unknown property lable',
        }),
      ]),
    );
    const cross = await superAdmin.put<Body>('/api/documents/forms/new-tag', {
      document: {
        ...newTag,
        title: 'New <b>tag</b>',
        fields: [newTag.fields[0], { ...newTag.fields[1], depends: [{ key: 'ghost' }] }],
      },
      version: 1,
    });
    expect(cross.body.errors.map((e) => e.source).sort()).toEqual(['/fields/1/depends/0/key', '/title']);
    const page = JSON.parse(readFileSync('schemas/pages/tags.main.json', 'utf8')) as Record<string, unknown>;
    const wrongKind = await superAdmin.put<Body>('/api/documents/forms/new-tag', { document: page, version: 1 });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.errors).toEqual([
      expect.objectContaining({ source: '/$schema', message: 'a document in forms/ names ../form.schema.json' }),
    ]);
    expect((await superAdmin.put('/api/documents/forms/new-tag', { document: newTag })).status).toBe(422);
    const deep = `${'['.repeat(1000)}${']'.repeat(1000)}`;
    const tooDeep = await superAdmin.raw('PUT', '/api/documents/forms/new-tag', {
      body: `{"document": {"title": "x", "fields": ${deep}}, "version": 1}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(tooDeep.status).toBe(422);
    expect(((await tooDeep.json()) as Body).errors[0].source).toBe('/');
    expect((await superAdmin.get<Body>('/api/documents/forms/new-tag')).body.meta.version).toBe(1);
  });

  it('publishes a version, answers 409 to a stale version, lists versions with author and time, reverts', async () => {
    const required = {
      ...newTag,
      fields: newTag.fields.map((f) => (f.key === 'description' ? { ...f, required: true } : f)),
    };
    expect(newTag.fields.some((f) => f.key === 'description')).toBe(true);
    const put = await superAdmin.put<Body>('/api/documents/forms/new-tag', { document: required, version: 1 });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ version: 2, updated_by: 'super@example.com' });
    const stale = await superAdmin.put<Body>('/api/documents/forms/new-tag', { document: newTag, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.meta).toEqual({ version: 2 });

    // The server's validation of submissions reads the store: description is now required.
    const submit = await superAdmin.post<Body>('/api/tags', { name: 'studio-tag', company_id: 1 });
    expect(submit.status).toBe(422);
    expect(submit.body.errors.map((e) => e.source)).toEqual(['description']);

    const versions = await superAdmin.get<{ data: Record<string, unknown>[] }>('/api/documents/forms/new-tag/versions');
    expect(versions.body.data).toEqual([
      expect.objectContaining({ version: 2, action: 'publish', author: 'super@example.com' }),
      expect.objectContaining({ version: 1, action: 'seed', author: 'built-in' }),
    ]);
    expect(String(versions.body.data[0].created_at)).toMatch(/^\d{4}-\d\d-\d\dT/);

    const revert = await superAdmin.post<Body>('/api/documents/forms/new-tag/revert', { version: 1 });
    expect(revert.status).toBe(200);
    expect(revert.body.data.version).toBe(3);
    const served = await admin.get<Body>('/api/documents/forms/new-tag');
    expect(served.body.meta.version).toBe(3);
    expect(served.body.data).toEqual(newTag);
    expect((await superAdmin.post('/api/tags', { name: 'studio-tag', company_id: 1 })).status).toBe(201);
    expect((await superAdmin.post('/api/documents/forms/new-tag/revert', { version: 9 })).status).toBe(422);

    const audit = await superAdmin.get<{ data: Record<string, unknown>[] }>('/api/documents/audit');
    expect(audit.body.data.slice(0, 2)).toEqual([
      expect.objectContaining({
        kind: 'forms',
        name: 'new-tag',
        action: 'revert',
        version: 3,
        from_version: 1,
        actor: 'super@example.com',
      }),
      expect.objectContaining({ action: 'publish', version: 2, actor: 'super@example.com' }),
    ]);
  });

  it('creates a new document from version 0 and checks drafts as the editor types', async () => {
    const doc = { ...newTag, title: 'Studio tag', schema: { id: 'studio-tag' } };
    const check = await superAdmin.post<{ data: { problems: unknown[]; routed: boolean } }>(
      '/api/documents/forms/studio-tag/check',
      { text: JSON.stringify({ ...doc, endpoint: '/nowhere' }) },
    );
    expect(check.body.data).toEqual({ problems: [], routed: false });
    const dup = await superAdmin.post<{ data: { problems: unknown[] } }>('/api/documents/forms/studio-tag/check', {
      text: '{"$schema": "../form.schema.json", "title": "A", "title": "B", "endpoint": "/tags", "fields": [{"key": "name"}]}',
    });
    expect(dup.body.data.problems).toEqual([{ pointer: '/title', message: 'duplicate key title' }]);
    const created = await superAdmin.put<Body>('/api/documents/forms/studio-tag', { document: doc, version: 0 });
    expect(created.status).toBe(200);
    expect(created.body.data.version).toBe(1);
    expect((await superAdmin.put('/api/documents/forms/studio-tag', { document: doc, version: 0 })).status).toBe(409);
    expect((await superAdmin.put('/api/documents/forms/Bad%20Name', { document: doc, version: 0 })).status).toBe(422);
    const endpoints = await superAdmin.get<{ data: { method: string; path: string }[] }>('/api/documents/endpoints');
    expect(endpoints.body.data).toContainEqual({ method: 'POST', path: '/tags' });
  });

  it('measures a published document as the studio writes it, so publish and check agree at the size limit', async () => {
    const draft = { ...newTag, schema: { id: 'size-tag' }, description: '' };
    // Two-space JSON of exactly the limit; the studio's text adds its final newline.
    const doc = { ...draft, description: 'x'.repeat(MAX_DOCUMENT_CHARS + 1 - documentText(draft).length) };
    expect(JSON.stringify(doc, null, 2)).toHaveLength(MAX_DOCUMENT_CHARS);
    const problem = { pointer: '/', message: `a document has at most ${MAX_DOCUMENT_CHARS} characters` };
    const check = await superAdmin.post<{ data: { problems: unknown[] } }>('/api/documents/forms/size-tag/check', {
      text: documentText(doc),
    });
    expect(check.body.data.problems).toEqual([problem]);
    const put = await superAdmin.put<Body>('/api/documents/forms/size-tag', { document: doc, version: 0 });
    expect(put.status).toBe(422);
    expect(put.body.errors).toEqual([{ code: 'VALIDATION_ERROR', message: problem.message, source: '/' }]);
    expect((await superAdmin.get('/api/documents/forms/size-tag')).status).toBe(404);
  });

  it('dry-runs a submission against a draft: the same field errors as the real submit, nothing written', async () => {
    const draft = {
      ...newTag,
      fields: [
        ...newTag.fields,
        { key: 'secret', label: 'Secret', type: 'checkbox' },
        { key: 'reason', label: 'Reason', type: 'text', required: true, depends: [{ key: 'secret', values: [true] }] },
      ],
    };
    const refused = await superAdmin.post<Body>('/api/documents/forms/new-tag/dry-run', {
      document: draft,
      values: { name: 'dry', company_id: 1, secret: true },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([expect.objectContaining({ source: 'reason', code: 'VALIDATION_ERROR' })]);
    const accepted = await superAdmin.post<Body>('/api/documents/forms/new-tag/dry-run', {
      document: draft,
      values: { name: 'dry', company_id: 1, secret: false },
    });
    expect(accepted.status).toBe(200);
    const tags = await superAdmin.get<{ data: { name: string }[] }>('/api/tags?q=dry&company_id=1');
    expect(tags.body.data.map((t) => t.name)).not.toContain('dry');
    const badDoc = await superAdmin.post<Body>('/api/documents/forms/new-tag/dry-run', {
      document: { ...draft, fields: [{ key: 'x', type: 'nope' }] },
      values: {},
    });
    expect(badDoc.status).toBe(422);
    expect(badDoc.body.errors[0].source).toBe('/fields/0/type');
    expect((await admin.post('/api/documents/forms/new-tag/dry-run', { document: draft, values: {} })).status).toBe(
      403,
    );
  });

  it('validates a submission by the document of its own route, which another endpoint cannot shadow', async () => {
    const check = async (method: string, endpoint: string) =>
      (
        await superAdmin.post<{ data: { routed: boolean } }>('/api/documents/forms/new-tag/check', {
          text: JSON.stringify({
            ...newTag,
            method,
            endpoint,
            fields: [...newTag.fields, { key: 'id', type: 'text' }],
          }),
        })
      ).body.data.routed;
    // A route answers an endpoint spelled as it is declared, not one a path of it happens to match.
    expect(await check('put', '/tags/{id}')).toBe(true);
    expect(await check('put', '/tags/:id')).toBe(true);
    expect(await check('put', '/tags/new')).toBe(false);
    expect(await check('post', '/tags/{id}')).toBe(false);

    // "a-shadow" sorts before "new-tag" and its endpoint /{resource} matches the path /tags.
    const shadow = {
      ...newTag,
      title: 'Shadow',
      endpoint: '/{resource}',
      schema: { id: 'a-shadow' },
      fields: [
        { key: 'resource', label: 'Resource', type: 'text' },
        { key: 'reason', label: 'Reason', type: 'text', required: true },
      ],
    };
    expect((await superAdmin.put('/api/documents/forms/a-shadow', { document: shadow, version: 0 })).status).toBe(200);
    const created = await superAdmin.post<Body>('/api/tags', { company_id: 1, name: 'Routed tag' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const refused = await superAdmin.post<Body>('/api/tags', { company_id: 1 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((e) => e.source)).toEqual(['name']);

    // A form published for a route that takes an optional form (PUT /tags/:id, the worked example's edit-tag in docs/forms-and-studio.md) is enforced.
    const editTag = {
      $schema: '../form.schema.json',
      title: 'Edit tag',
      endpoint: '/tags/{id}',
      method: 'put',
      schema: { id: 'edit-tag' },
      fields: [
        { key: 'description', label: 'Description', type: 'textarea', maxlength: 200 },
        { key: 'color', label: 'Colour', type: 'text', required: true, depends: [{ key: 'description' }] },
      ],
    };
    expect((await superAdmin.put('/api/documents/forms/edit-tag', { document: editTag, version: 0 })).status).toBe(200);
    const tag = `/api/tags/${String(created.body.data.id)}`;
    // The console's submission names its form (X-Form): edit-tag's rule holds for it, beside the seeded
    // edit-tag-details for the same route (a partial form, which takes a description alone from an API client).
    const byEditTag = { 'X-Form': 'edit-tag' };
    const uncoloured = await superAdmin.put<Body>(tag, { description: 'Described' }, byEditTag);
    expect(uncoloured.status).toBe(422);
    expect(uncoloured.body.errors.map((e) => e.source)).toEqual(['color']);
    expect((await superAdmin.put(tag, { description: 'Described', color: '#1a2b3c' }, byEditTag)).status).toBe(200);
    expect((await superAdmin.put(tag, { description: 'Described again' })).status).toBe(200);
  });

  it('takes a submission to a route several forms submit to when one of them takes it', async () => {
    // "a-quick-tag" sorts before "new-tag" and submits to the same route, POST /tags.
    const quick = {
      $schema: '../form.schema.json',
      title: 'Quick tag',
      endpoint: '/tags',
      method: 'post',
      permission: 'create_tags',
      schema: { id: 'a-quick-tag' },
      fields: [
        { key: 'company_id', label: 'Company', type: 'number', required: true },
        { key: 'name', label: 'Name', type: 'text', required: true, maxlength: 10 },
        { key: 'reason', label: 'Reason', type: 'text', required: true },
      ],
    };
    expect((await superAdmin.put('/api/documents/forms/a-quick-tag', { document: quick, version: 0 })).status).toBe(
      200,
    );
    const post = (body: Record<string, unknown>) => superAdmin.post<Body>('/api/tags', { company_id: 1, ...body });
    // New tag's submission is still New tag's: the quick form published beside it changes nothing for it.
    expect((await post({ name: 'A name longer than ten' })).status).toBe(201);
    expect((await post({ name: 'Quick', reason: 'Audit' })).status).toBe(201);
    // Taken by neither: the errors of the form that knows the fields sent.
    const noName = await post({ reason: 'Audit' });
    expect(noName.status).toBe(422);
    expect(noName.body.errors.map((e) => e.source)).toEqual(['name']);
    const long = await post({ name: 'A name longer than ten', reason: 'Audit' });
    expect(long.body.errors.map((e) => e.source)).toEqual(['name']);
    const described = await post({ description: 'No name' });
    expect(described.body.errors.map((e) => e.source)).toEqual(['name']);
    // A submission naming its form (the console's, X-Form) is checked by that form alone.
    const byQuick = await superAdmin.request<Body>(
      'POST',
      '/api/tags',
      { company_id: 1, name: 'A name longer than ten' },
      { headers: { 'X-Form': 'a-quick-tag' } },
    );
    expect(byQuick.status).toBe(422);
    expect(byQuick.body.errors.map((e) => e.source)).toEqual(['name', 'reason']);
  });

  it('a publish on one instance takes effect on another instance over the same database', async () => {
    const other = await buildApp({ dbFile: server.dbFile });
    try {
      await other.ctx.documents.fresh();
      const before = other.ctx.documents.get('forms', 'studio-tag')!.version;
      await superAdmin.put('/api/documents/forms/studio-tag', {
        document: { ...newTag, title: 'Studio tag 2', schema: { id: 'studio-tag' } },
        version: before,
      });
      await other.ctx.documents.fresh();
      expect(other.ctx.documents.get('forms', 'studio-tag')).toMatchObject({
        version: before + 1,
        document: expect.objectContaining({ title: 'Studio tag 2' }),
      });
    } finally {
      await other.close();
    }
  });
});
