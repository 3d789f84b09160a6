import { describe, expect, it } from 'vitest';
import { rows, useServer } from './harness';

// Item operations of the RMS API: one tag, user, role or file by id within
// the caller's companies; a user removed; an unused credit code's comment
// changed and the code removed, a used one kept.

const { superAdmin, baltics } = useServer({
  superAdmin: 'super@example.com',
  baltics: 'baltics.admin@example.com',
});

describe('RMS API item operations', () => {
  it('reads one record of a list, and not one of another company', async () => {
    for (const list of ['/api/tags', '/api/users', '/api/files']) {
      const own = rows(await baltics.get(`${list}?limit=1`))[0];
      expect((await baltics.get(`${list}/${own.id}`)).body.data, list).toMatchObject({ id: own.id });
      const ids = new Set(rows(await baltics.get(`${list}?limit=1000`)).map((r) => r.id));
      const foreign = rows(await superAdmin.get(`${list}?limit=1000`)).find((r) => !ids.has(r.id))!;
      expect((await baltics.get(`${list}/${foreign.id}`)).status, list).toBe(404);
    }
    const role = rows(await superAdmin.get('/api/roles?limit=1'))[0];
    expect((await superAdmin.get(`/api/roles/${role.id}`)).body.data).toMatchObject({ id: role.id, name: role.name });
    expect((await superAdmin.get('/api/roles/99999')).status).toBe(404);
  });

  it('removes a user of its companies, never itself', async () => {
    const me = rows(await baltics.get('/api/users?q=baltics.admin'))[0];
    expect((await baltics.delete(`/api/users/${me.id}`)).status).toBe(422);
    const other = rows(await superAdmin.get('/api/users?sort=-id&limit=1'))[0];
    expect((await superAdmin.delete(`/api/users/${other.id}`)).status).toBe(200);
    expect((await superAdmin.get(`/api/users/${other.id}`)).status).toBe(404);
  });

  it('comments and removes an unused credit code, keeps a used one', async () => {
    const codes = rows(await superAdmin.get('/api/credits/codes?limit=100'));
    const unused = codes.find((c) => !c.is_used)!;
    expect((await superAdmin.put(`/api/credits/codes/${unused.id}`, { comment: 'For the pilot' })).status).toBe(200);
    const after = rows(await superAdmin.get(`/api/credits/codes?id=${unused.id}`))[0];
    expect(after.comment).toBe('For the pilot');
    expect((await superAdmin.delete(`/api/credits/codes/${unused.id}`)).status).toBe(200);
    expect(rows(await superAdmin.get(`/api/credits/codes?id=${unused.id}`))).toEqual([]);
    const used = codes.find((c) => c.is_used);
    expect(used, 'the fixtures have a used code').toBeDefined();
    expect((await superAdmin.delete(`/api/credits/codes/${used!.id}`)).status).toBe(422);
  });
});
