import { beforeAll, describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';

// The device list sorted by model and filtered by tag answers what it answered before the indexes that serve
// them (migrations 159 and 160): models in order with the id breaking ties in the sort's direction, and a tag's
// devices (or, negated, the others) newest first, on both databases.

const { server, admin } = useServer({ admin: 'admin@example.com' });
let all: { id: number; model: string; company_id: number }[];
let tagId: number;
let tagged: number[];

beforeAll(async () => {
  all = rows(await admin.get('/api/devices?limit=1000&fields=id,model,company_id')) as typeof all;
  const db = server.app.ctx.db;
  // Ties: the first three devices share one model.
  const tied = all.slice(0, 3).map((d) => d.id);
  await db.updateTable('devices').set({ model: 'RUT240' }).where('id', 'in', tied).execute();
  for (const d of all) if (tied.includes(d.id)) d.model = 'RUT240';
  const tag = await db
    .insertInto('tags')
    .values({ name: 'order-test', color: '#123456', company_id: all[0].company_id, created_at: '', updated_at: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  tagId = tag.id;
  tagged = [all[1].id, all[5].id, all.at(-1)!.id];
  await db
    .insertInto('device_tags')
    .values(tagged.map((device_id) => ({ device_id, tag_id: tagId })))
    .execute();
  server.app.ctx.version.bump();
});

const byModel = (a: { id: number; model: string }, b: { id: number; model: string }) =>
  a.model < b.model ? -1 : a.model > b.model ? 1 : a.id - b.id;

describe('device list order and tag filter', () => {
  it('sorts by model, ties broken by id in the same direction, paged', async () => {
    const ascending = [...all].sort(byModel).map((d) => d.id);
    const first = rows(await admin.get('/api/devices?sort=model&limit=100&fields=id')).map((d) => d.id);
    expect(first).toEqual(ascending.slice(0, 100));
    const page = rows(await admin.get('/api/devices?sort=model&limit=7&offset=2&fields=id')).map((d) => d.id);
    expect(page).toEqual(ascending.slice(2, 9));
    const descending = rows(await admin.get('/api/devices?sort=-model&limit=100&fields=id')).map((d) => d.id);
    expect(descending).toEqual([...ascending].reverse().slice(0, 100));
  });

  it('filters by tag, and by not the tag, newest first, with the totals', async () => {
    const reply = await admin.get(`/api/devices?tag_id=${tagId}&fields=id,tags`);
    expect(rows(reply).map((d) => d.id)).toEqual([...tagged].sort((a, b) => b - a));
    expect(rows(reply).every((d) => (d.tags as { id: number }[]).some((t) => t.id === tagId))).toBe(true);
    expect((reply.body.meta as { total: number }).total).toBe(tagged.length);
    const others = await admin.get(`/api/devices?ne:tag_id=${tagId}&limit=1000&fields=id`);
    const expected = all.map((d) => d.id).filter((id) => !tagged.includes(id));
    expect(rows(others).map((d) => d.id)).toEqual(expected.sort((a, b) => b - a));
    expect((others.body.meta as { total: number }).total).toBe(expected.length);
  });
});
