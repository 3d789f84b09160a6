import { describe, expect, it } from 'vitest';
import { useServer } from './harness';

// The side menu's additions as a document of the store (kind menus, document side-menu):
// served to every signed-in console, published only by manage_documents, checked before it
// is stored (an entry names a form that exists, no label twice in a group), versioned and
// reverted like every document. Over real HTTP on a real SQLite file.

const { superAdmin, endUser } = useServer({ superAdmin: 'super@example.com', endUser: 'enduser@example.com' });

type Body = { data: Record<string, unknown>; meta: Record<string, unknown>; errors: { source: string }[] };

const PATH = '/api/documents/menus/side-menu';
const entry = { group: 'Administration', label: 'Quick tag', form: 'new-tag', permission: 'create_tags' };
const menu = (entries: unknown[]) => ({ $schema: '../menu.schema.json', entries });

describe('menus documents', () => {
  it('serves the built-in side-menu, with no additions, to any signed-in user', async () => {
    const read = await endUser.get<Body>(PATH);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(menu([]));
    expect(read.body.meta).toMatchObject({ version: 1, updated_by: 'built-in' });
  });

  it('refuses an entry whose form does not exist, a label twice in a group, an unknown property or group, a non-owner', async () => {
    const ghost = await superAdmin.put<Body>(PATH, {
      document: menu([{ ...entry, form: 'no-such-form' }]),
      version: 1,
    });
    expect(ghost.status).toBe(422);
    expect(ghost.body.errors.map((e) => e.source)).toEqual(['/entries/0/form']);
    const twice = await superAdmin.put<Body>(PATH, {
      document: menu([entry, { ...entry, form: 'invite-user' }]),
      version: 1,
    });
    expect(twice.body.errors.map((e) => e.source)).toEqual(['/entries/1/label']);
    const extra = await superAdmin.put<Body>(PATH, { document: menu([{ ...entry, icon: 'x' }]), version: 1 });
    expect(extra.body.errors.map((e) => e.source)).toEqual(['/entries/0/icon']);
    // A group the side menu does not have (its groups are the meta-schema's, pinned by console/routes/menu.test.ts).
    const stray = await superAdmin.put<Body>(PATH, { document: menu([{ ...entry, group: 'Nowhere' }]), version: 1 });
    expect(stray.status).toBe(422);
    expect(stray.body.errors.map((e) => e.source)).toEqual(['/entries/0/group']);
    expect((await endUser.put(PATH, { document: menu([entry]), version: 1 })).status).toBe(403);
    expect((await endUser.get<Body>(PATH)).body.meta.version).toBe(1);
  });

  it('stores a published entry as a new version that every console reads, and reverts it', async () => {
    const put = await superAdmin.put<Body>(PATH, { document: menu([entry]), version: 1 });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ kind: 'menus', name: 'side-menu', version: 2 });
    const read = await endUser.get<Body>(PATH);
    expect(read.body.data).toEqual(menu([entry]));
    const listed = await superAdmin.get<{ data: { kind: string; name: string }[] }>('/api/documents/menus');
    expect(listed.body.data.map((d) => `${d.kind}/${d.name}`)).toEqual(['menus/side-menu']);
    const revert = await superAdmin.post<Body>(`${PATH}/revert`, { version: 1 });
    expect(revert.body.data.version).toBe(3);
    expect((await endUser.get<Body>(PATH)).body.data).toEqual(menu([]));
  });
});
