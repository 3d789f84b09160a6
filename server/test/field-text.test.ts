import { describe, expect, it } from 'vitest';
import { useServer } from './harness';

// "The sanitiser allows no HTML tags or attributes in field text" (forms spec §5):
// the text the server stores is the text of what was sent, without its markup,
// the same text the console's form submits (engine/fields/text.ts).

const { admin } = useServer({ admin: 'admin@example.com' });

const tagOf = async (id: number) => (await admin.get(`/api/tags/${id}`)).body.data as Record<string, unknown>;

describe('field text without HTML', () => {
  it('a new tag keeps the text of its name and description, not their tags or attributes', async () => {
    const created = await admin.post('/api/tags', {
      company_id: 1,
      name: '<b onclick="alert(1)">Bold</b> tag',
      description: '<script>alert(1)</script>Plain <i>words</i>',
    });
    expect(created.status).toBe(201);
    const tag = await tagOf((created.body.data as { id: number }).id);
    expect(tag).toMatchObject({ name: 'Bold tag', description: 'Plain words' });
  });

  it('an edit stores the text too; a name that is only markup is no name (422 on the field)', async () => {
    const created = await admin.post('/api/tags', { company_id: 1, name: 'Edited tag' });
    const id = (created.body.data as { id: number }).id;
    expect(
      (await admin.put(`/api/tags/${id}`, { name: '<u>Renamed</u>', description: '<img src=x onerror=y()>ok' })).status,
    ).toBe(200);
    expect(await tagOf(id)).toMatchObject({ name: 'Renamed', description: 'ok' });
    const blank = await admin.put(`/api/tags/${id}`, { name: '<img src=x>' });
    expect(blank.status).toBe(422);
    expect((blank.body.errors as { source: string }[])[0].source).toBe('name');
  });
});
