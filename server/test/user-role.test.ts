import { describe, expect, it } from 'vitest';
import { rows, useServer, type Client } from './harness';

// Changing a user's role (PUT /users/{id}, the change-user-role form) over
// HTTP: to a role the caller may invite with, within the caller's companies,
// never the caller's own role, never for callers without update_users; every
// refusal leaves the users table as it was.

const { superAdmin, admin, baltics, globex, guest, enduser } = useServer({
  superAdmin: 'super@example.com',
  admin: 'admin@example.com',
  baltics: 'baltics.admin@example.com',
  globex: 'globex.admin@example.com',
  guest: 'guest@example.com',
  enduser: 'enduser@example.com',
});

const userByEmail = async (email: string) =>
  rows(await superAdmin.get(`/api/users?q=${encodeURIComponent(email)}&limit=10`)).find((u) => u.email === email)!;

/** The form's body for a user: its company (shown, not editable) and the role. */
const change = (user: Record<string, unknown>, role: unknown) => ({ company_id: String(user.company_id), role });

/** Every user's role and update time, as the super admin sees them. */
const snapshot = async () => rows(await superAdmin.get('/api/users?limit=1000&fields=id,role_id,updated_at&sort=id'));

async function refused(client: Client, id: unknown, body: unknown, status: number, source?: string) {
  const before = await snapshot();
  const reply = await client.put(`/api/users/${id}`, body);
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body.success).toBe(false);
  if (source) expect((reply.body.errors as { source: string }[]).map((e) => e.source)).toContain(source);
  expect(await snapshot()).toEqual(before);
}

describe('PUT /users/{id}: change a user role', () => {
  it('changes the role of a user of the caller companies to a role the caller may grant', async () => {
    const target = await userByEmail('enduser@example.com');
    const permissions = async () =>
      ((await enduser.get('/api/user')).body.data as { permissions: string[] }).permissions;
    expect(await permissions()).toContain('update_devices');
    const reply = await admin.put(`/api/users/${target.id}`, change(target, 'read_only'));
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({ success: true, message: 'User updated successfully' });
    expect((await admin.get(`/api/users/${target.id}`)).body.data).toMatchObject({ role: 'read_only' });
    // The user acts under the new role at once: no more end_user permissions such as update_devices.
    expect(await permissions()).not.toContain('update_devices');
  });

  it('grants a custom role of the user company, not one of another company', async () => {
    const target = await userByEmail('newbie@example.com');
    expect(target.company_id).toBe(1);
    expect((await admin.put(`/api/users/${target.id}`, change(target, 'field_technician'))).status).toBe(200);
    expect((await admin.get(`/api/users/${target.id}`)).body.data).toMatchObject({ role: 'field_technician' });
    await refused(admin, target.id, change(target, 'globex_operator'), 422, 'role');
  });

  it('refuses roles the caller may not grant', async () => {
    const target = await userByEmail('nordics.user@example.com');
    for (const role of ['super_admin', 'support', 'no_such_role'])
      await refused(admin, target.id, change(target, role), 422, 'role');
    // The super admin may grant support.
    expect((await superAdmin.put(`/api/users/${target.id}`, change(target, 'support'))).status).toBe(200);
  });

  it('validates the body against the form document', async () => {
    const target = await userByEmail('sso.user@example.com');
    await refused(admin, target.id, {}, 422, 'role');
    await refused(admin, target.id, { role: 'read_only' }, 422, 'company_id');
    await refused(admin, target.id, { ...change(target, 'read_only'), email: 'other@example.com' }, 422, 'email');
    await refused(admin, target.id, change(target, ['read_only']), 422, 'role');
    // A form opened for another company (or before the user moved) is refused, not applied.
    await refused(admin, target.id, { company_id: '2', role: 'read_only' }, 422, 'company_id');
  });

  it('refuses the caller own role and users whose role the caller could not grant', async () => {
    const me = await userByEmail('admin@example.com');
    await refused(admin, me.id, change(me, 'read_only'), 422, 'role');
    const superUser = await userByEmail('super@example.com');
    await refused(admin, superUser.id, change(superUser, 'read_only'), 403);
  });

  it('keeps to the caller companies: other tenants and parents are not found', async () => {
    const parentUser = await userByEmail('advguest@example.com');
    await refused(baltics, parentUser.id, change(parentUser, 'read_only'), 404);
    const acmeUser = await userByEmail('sso.user@example.com');
    await refused(globex, acmeUser.id, change(acmeUser, 'read_only'), 404);
    await refused(admin, 999999, { company_id: '1', role: 'read_only' }, 404);
  });

  it('refuses callers without update_users', async () => {
    const target = await userByEmail('sso.user@example.com');
    await refused(guest, target.id, change(target, 'read_only'), 403);
    await refused(enduser, target.id, change(target, 'read_only'), 403);
  });
});
