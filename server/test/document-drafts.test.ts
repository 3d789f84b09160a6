import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServer } from './harness';

// Drafts that survive: the studio saves the caller's draft on the server as
// they work (per user and document), restores it, lists every owner's drafts
// ("draft by … since …") and drops it on publish; manage_documents only.

const { superAdmin, admin } = useServer({ superAdmin: 'super@example.com', admin: 'admin@example.com' });

type Body = { data: Record<string, unknown> | null; meta: { total: number } };
const newTag = readFileSync('schemas/forms/new-tag.json', 'utf8');

describe('document drafts', () => {
  it('saves, restores and lists a draft; created_at stays as the text changes; invalid JSON is a draft too', async () => {
    expect((await superAdmin.get<Body>('/api/documents/forms/new-tag/draft')).body.data).toBeNull();
    const first = await superAdmin.put<Body>('/api/documents/forms/new-tag/draft', { text: '{ "title": ', version: 1 });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ kind: 'forms', name: 'new-tag', author: 'super@example.com', version: 1 });
    expect(first.body.data).not.toHaveProperty('text');
    await new Promise((r) => setTimeout(r, 5));
    await superAdmin.put('/api/documents/forms/new-tag/draft', {
      text: newTag.replace('New tag', 'New label'),
      version: 1,
    });
    const mine = (await superAdmin.get<Body>('/api/documents/forms/new-tag/draft')).body.data!;
    expect(mine.text).toContain('"New label"');
    expect(mine.created_at).toBe(first.body.data!.created_at);
    expect(String(mine.updated_at) > String(mine.created_at)).toBe(true);

    const listed = await superAdmin.get<{ data: Record<string, unknown>[] }>('/api/documents/forms/new-tag/drafts');
    expect(listed.body.data).toEqual([
      expect.objectContaining({ author: 'super@example.com', created_at: mine.created_at, version: 1 }),
    ]);
    const all = await superAdmin.get<{ data: Record<string, unknown>[] }>('/api/documents/drafts');
    expect(all.body.data).toEqual([expect.objectContaining({ kind: 'forms', name: 'new-tag' })]);
  });

  it('refuses callers without manage_documents and bad input, changing nothing', async () => {
    expect((await admin.get('/api/documents/forms/new-tag/draft')).status).toBe(403);
    expect((await admin.put('/api/documents/forms/new-tag/draft', { text: 'x', version: 1 })).status).toBe(403);
    expect((await admin.get('/api/documents/drafts')).status).toBe(403);
    expect((await superAdmin.put('/api/documents/forms/new-tag/draft', { text: 5, version: 1 })).status).toBe(422);
    expect((await superAdmin.put('/api/documents/forms/new-tag/draft', { text: 'x', version: -1 })).status).toBe(422);
    const big = 'x'.repeat(256 * 1024 + 1);
    expect((await superAdmin.put('/api/documents/forms/new-tag/draft', { text: big, version: 1 })).status).toBe(422);
    expect((await superAdmin.put('/api/documents/widgets/new-tag/draft', { text: 'x', version: 1 })).status).toBe(404);
    const mine = (await superAdmin.get<Body>('/api/documents/forms/new-tag/draft')).body.data!;
    expect(mine.text).toContain('"New label"');
  });

  it('publishing drops the author draft; DELETE drops it too', async () => {
    const document = JSON.parse(newTag.replace('New tag', 'New label')) as Record<string, unknown>;
    expect((await superAdmin.put('/api/documents/forms/new-tag', { document, version: 1 })).status).toBe(200);
    expect((await superAdmin.get<Body>('/api/documents/forms/new-tag/draft')).body.data).toBeNull();
    await superAdmin.put('/api/documents/pages/tags.main/draft', { text: '{}', version: 1 });
    expect((await superAdmin.delete<Body>('/api/documents/pages/tags.main/draft')).body.data).toEqual({
      dropped: true,
    });
    expect((await superAdmin.get<Body>('/api/documents/drafts')).body.meta.total).toBe(0);
  });
});
