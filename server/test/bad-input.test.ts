import { beforeAll, describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';

// Bad input is answered in the error envelope and the data stays intact.

const { admin } = useServer({ admin: 'admin@example.com' });
let before: unknown;

const snapshot = async () => ({
  tags: rows(await admin.get('/api/tags?limit=100')),
  companies: rows(await admin.get('/api/companies?limit=100')),
  credits: rows(await admin.get('/api/credits?limit=100')),
});

beforeAll(async () => {
  before = await snapshot();
});

describe('bad input', () => {
  it('malformed JSON is a 400', async () => {
    const response = await admin.raw('POST', '/api/tags', {
      body: '{"name": "x",',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      errors: [{ code: 'BAD_REQUEST', message: 'Malformed JSON in request body.', source: null }],
    });
  });

  it('wrong types and missing fields are a 422 with the field as source', async () => {
    const reply = await admin.post<{ errors: { source: string; code: string }[] }>('/api/tags', {
      company_id: 1,
      name: '',
      color: 'red',
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.map((e) => e.source)).toContain('name');
    const typed = await admin.post<{ errors: { source: string }[] }>('/api/credits/move', {
      credit_type_name: 'Paid Credit',
      source: 1,
      target: 2,
      amount: 'lots',
    });
    expect(typed.status).toBe(422);
    expect(typed.body.errors.map((e) => e.source)).toContain('amount');
    const notes = await admin.put<{ errors: { source: string }[] }>('/api/notifications', { id: 'all' });
    expect(notes.status).toBe(422);
    expect(notes.body.errors[0].source).toBe('id');
  });

  it('unknown fields are a 422 naming the field', async () => {
    const reply = await admin.post('/api/tags', { company_id: 1, name: 'Extra', is_admin: true });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ errors: [{ code: 'VALIDATION_ERROR', source: 'is_admin' }] });
    const storage = await admin.post('/api/storage', { key: 'k', value: 1, owner: 3 });
    expect(storage.status).toBe(422);
    expect(storage.body).toMatchObject({ errors: [{ source: 'owner' }] });
  });

  it('oversize bodies are a 413', async () => {
    const huge = JSON.stringify({ company_id: 1, name: 'x', description: 'y'.repeat(2 * 1024 * 1024) });
    const response = await admin.raw('POST', '/api/tags', {
      body: huge,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, errors: [{ code: 'PAYLOAD_TOO_LARGE' }] });
  });

  it('bad list parameters are a 422, unknown routes a 404, both in the envelope', async () => {
    expect((await admin.get('/api/devices?sort=password')).body).toMatchObject({
      success: false,
      errors: [{ source: 'sort' }],
    });
    expect((await admin.get('/api/devices?limit=-1')).status).toBe(422);
    expect((await admin.get('/api/devices?id=1;drop')).status).toBe(422);
    const missing = await admin.get('/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, errors: [{ code: 'NOT_FOUND' }] });
  });

  it('search text is data, not SQL', async () => {
    const reply = await admin.get(`/api/devices?q=${encodeURIComponent("' or 1=1 --")}`);
    expect(reply.status).toBe(200);
    expect(reply.body.meta).toMatchObject({ total: 0 });
    const percent = await admin.get('/api/devices?q=%25');
    expect(percent.body.meta).toMatchObject({ total: 0 });
  });

  it('left the data intact', async () => {
    expect(await snapshot()).toEqual(before);
  });
});
