import { beforeAll, describe, expect, it } from 'vitest';
import { loadDocument, operations } from '../openapi/document';
import { type Reply, rows, useServer } from './harness';
import { strictValidator } from './openapi/strict-schema';

// PUT /roles/permissions of the RMS API over real HTTP: the permissions of
// several custom roles overwritten at once, under the rules of PUT
// /roles/{id} (default roles cannot be changed, a role needs at least one
// permission, no permission the caller does not hold); another tenant's
// roles are not found, guests may not, and a refused call changes no role.

const document = loadDocument();
const validate = strictValidator(document);
const byKey = new Map(operations(document).map((op) => [op.key, op]));

const { admin, globex, guest } = useServer({
  admin: 'admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
});

function expectConforms(reply: Reply) {
  const check = validate(byKey.get('PUT /roles/permissions')!, reply.status);
  expect(check, `no schema for ${reply.status}`).not.toBeNull();
  expect(check!(reply.body) ? [] : check!.errors, JSON.stringify(reply.body)).toEqual([]);
}

let roles: number[];
let permissions: Map<string, number>;
const granted = async (role: number) =>
  rows(await admin.get(`/api/roles/${role}/permissions`))
    .map((p) => p.name as string)
    .sort();

beforeAll(async () => {
  permissions = new Map(rows(await admin.get('/api/roles/permissions')).map((p) => [p.name as string, p.id as number]));
  const created = await admin.post('/api/roles', {
    title: 'Night shift',
    company_id: [1],
    permission_id: [permissions.get('view_devices')],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const field = rows(await admin.get('/api/roles?type=custom&company_id=1&limit=100')).find(
    (r) => r.name === 'field_technician',
  )!;
  roles = [field.id as number, (created.body.data as { id: number }).id];
});

describe('PUT /roles/permissions', () => {
  it('overwrites the permissions of several custom roles', async () => {
    const ids = [permissions.get('view_devices'), permissions.get('view_device_logs')];
    const reply = await admin.put('/api/roles/permissions', { role_id: roles, permission_id: ids });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectConforms(reply);
    for (const role of roles) expect(await granted(role)).toEqual(['view_device_logs', 'view_devices']);
  });

  it('refuses default roles, empty or unknown permissions and other tenants, changing nothing', async () => {
    const before = await Promise.all(roles.map(granted));
    const defaults = rows(await admin.get('/api/roles?type=default&limit=100'));
    const endUser = defaults.find((r) => r.name === 'end_user')!.id as number;
    const view = [permissions.get('view_devices')!];
    const put = (body: unknown, client = admin) => client.put('/api/roles/permissions', body);

    const defaultRole = await put({ role_id: [roles[0], endUser], permission_id: view });
    expect(defaultRole.status).toBe(403);
    expectConforms(defaultRole);
    expect((defaultRole.body.errors as { message: string }[])[0].message).toBe('Default roles cannot be changed.');
    const empty = await put({ role_id: roles, permission_id: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'A role needs at least one permission.', source: 'permission_id' },
    ]);
    for (const [body, source] of [
      [{ role_id: roles, permission_id: [999999] }, 'permission_id'],
      [{ role_id: roles, permission_id: [permissions.get('manage_documents')] }, 'permission_id'],
      [{ role_id: [], permission_id: view }, 'role_id'],
      [{ role_id: [roles[0], roles[0]], permission_id: view }, 'role_id'],
      [{ role_id: roles }, 'permission_id'],
    ] as const) {
      const refused = await put(body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect((refused.body.errors as { source: string }[])[0].source).toBe(source);
    }
    const foreign = await put({ role_id: roles, permission_id: view }, globex);
    expect(foreign.status).toBe(404);
    expectConforms(foreign);
    expect((await put({ role_id: [999999], permission_id: view })).status).toBe(404);
    expect((await put({ role_id: roles, permission_id: view }, guest)).status).toBe(403);
    expect(await Promise.all(roles.map(granted))).toEqual(before);
  });
});
