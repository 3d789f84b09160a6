import { describe, expect, it } from 'vitest';
import { useServer } from './harness';
import roles from '../../fixtures/roles.json';
import permissions from '../../fixtures/permissions.json';

// The role x call permission matrix: each fixture role is allowed exactly
// the calls its permissions grant; a refused call is a 403 in the envelope
// and changes nothing. Guests write nothing.

const ROLES = {
  super_admin: { email: 'super@example.com', company: 1 },
  admin: { email: 'admin@example.com', company: 1 },
  end_user: { email: 'enduser@example.com', company: 2 },
  readonly_admin: { email: 'advguest@example.com', company: 1 },
  read_only: { email: 'guest@example.com', company: 4 },
} as const;
type Role = keyof typeof ROLES;

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: (company: number) => unknown;
  allowed: Role[];
}

const ALL: Role[] = ['super_admin', 'admin', 'end_user', 'readonly_admin', 'read_only'];
const CALLS: Call[] = [
  { method: 'GET', path: '/api/devices', allowed: ALL },
  { method: 'GET', path: '/api/tags', allowed: ALL },
  { method: 'GET', path: '/api/files', allowed: ALL },
  { method: 'GET', path: '/api/vpn/hubs', allowed: ALL },
  { method: 'GET', path: '/api/devices/remote-access', allowed: ALL },
  { method: 'GET', path: '/api/credits', allowed: ALL },
  { method: 'GET', path: '/api/credits/summary', allowed: ALL },
  { method: 'GET', path: '/api/companies', allowed: ['super_admin', 'admin', 'readonly_admin', 'read_only'] },
  { method: 'GET', path: '/api/users', allowed: ALL },
  { method: 'GET', path: '/api/users/invitations', allowed: ['super_admin', 'admin', 'readonly_admin'] },
  { method: 'GET', path: '/api/roles', allowed: ['super_admin', 'admin', 'readonly_admin'] },
  { method: 'GET', path: '/api/users/impersonation-logs', allowed: ['super_admin', 'admin', 'readonly_admin'] },
  { method: 'GET', path: '/api/credits/codes', allowed: ['super_admin', 'admin', 'end_user', 'readonly_admin'] },
  { method: 'GET', path: '/api/companies/data/history', allowed: ALL },
  { method: 'GET', path: '/api/statistics', allowed: ['super_admin', 'admin', 'end_user', 'readonly_admin'] },
  { method: 'GET', path: '/api/system/mail-logs', allowed: ['super_admin'] },
  { method: 'GET', path: '/api/suppressed-emails', allowed: ['super_admin', 'admin'] },
  { method: 'GET', path: '/api/auth-devices', allowed: ['super_admin'] },
  {
    method: 'POST',
    path: '/api/tags',
    body: (c) => ({ company_id: c, name: `Matrix ${c}` }),
    allowed: ['super_admin', 'admin', 'end_user'],
  },
  {
    method: 'POST',
    path: '/api/companies',
    body: (c) => ({ name: 'Matrix subsidiary', parent_id: c }),
    allowed: ['super_admin', 'admin'],
  },
  {
    method: 'POST',
    path: '/api/credits',
    body: (c) => ({ credit_type_id: 1, credit_count: 1, company_id: c }),
    allowed: ['super_admin'],
  },
  {
    method: 'POST',
    path: '/api/credits/move',
    body: (c) => ({ credit_type_name: 'Paid Credit', source: c, target: c, amount: 1 }),
    allowed: ['super_admin', 'admin'],
  },
  {
    method: 'POST',
    path: '/api/credits/codes/activate',
    body: () => ({ code: 'NOPE-NOPE-NOPE-NOPE' }),
    allowed: ['super_admin', 'admin', 'end_user'],
  },
  {
    method: 'POST',
    path: '/api/users/invite',
    body: (c) => ({ company_id: c, email: 'admin@example.com' }),
    allowed: ['super_admin', 'admin'],
  },
  {
    method: 'POST',
    path: '/api/distributors/invitations',
    body: () => ({ email: 'admin@example.com' }),
    allowed: ['super_admin', 'admin'],
  },
  { method: 'DELETE', path: '/api/admin/users/nobody@example.com', allowed: ['super_admin', 'admin'] },
  { method: 'DELETE', path: '/api/suppressed-emails/nobody@example.com', allowed: ['super_admin', 'admin'] },
  {
    method: 'PUT',
    path: '/api/companies/1',
    body: () => ({ name: 'Acme Networks' }),
    allowed: ['super_admin', 'admin'],
  },
  {
    method: 'DELETE',
    path: '/api/devices',
    body: () => ({ device_id: [999999] }),
    allowed: ['super_admin', 'admin', 'end_user'],
  },
];

const clients = useServer(
  Object.fromEntries(Object.entries(ROLES).map(([role, { email }]) => [role, email])) as Record<Role, string>,
);

describe('permission matrix', () => {
  it('the five spec roles cover exactly the 33 spec permission names', () => {
    const spec = permissions.filter((p) => p.spec).map((p) => p.name);
    expect(spec).toHaveLength(33);
    for (const role of roles)
      for (const p of role.permissions) expect(permissions.some((x) => x.name === p)).toBe(true);
    expect(roles.find((r) => r.name === 'super_admin')!.permissions).toEqual(expect.arrayContaining(spec));
  });

  it('guests hold no write permission', () => {
    const writes = permissions.filter(
      (p) => !p.name.startsWith('view_') && !['view_permissions', 'view_credits_summary'].includes(p.name),
    );
    for (const name of ['readonly_admin', 'read_only']) {
      const held = roles.find((r) => r.name === name)!.permissions;
      expect(held.filter((p) => writes.some((w) => w.name === p))).toEqual([]);
    }
  });

  for (const call of CALLS) {
    it(`${call.method} ${call.path}`, async () => {
      for (const role of Object.keys(ROLES) as Role[]) {
        const body = call.body?.(ROLES[role].company);
        const reply = await clients[role].request(call.method, call.path, body);
        const label = `${role} ${call.method} ${call.path} -> ${reply.status} ${JSON.stringify(reply.body).slice(0, 160)}`;
        if (call.allowed.includes(role)) {
          expect(reply.status, label).not.toBe(403);
          expect(reply.status, label).toBeLessThan(500);
        } else {
          expect(reply.status, label).toBe(403);
          expect(reply.body, label).toMatchObject({ success: false, errors: [{ code: 'FORBIDDEN' }] });
        }
      }
    });
  }

  it('the session permissions equal the role permissions', async () => {
    for (const role of Object.keys(ROLES) as Role[]) {
      const me = (await clients[role].get('/api/user')).body.data as { permissions: string[] };
      expect(me.permissions.sort()).toEqual([...roles.find((r) => r.name === role)!.permissions].sort());
    }
  });

  it("view_permissions answers the role's permission table", async () => {
    const table = await clients.read_only.get('/api/roles/4/permissions');
    expect(table.status).toBe(200);
    expect((table.body.data as { name: string }[]).map((p) => p.name).sort()).toEqual(
      [...roles.find((r) => r.name === 'read_only')!.permissions].sort(),
    );
    expect((await clients.read_only.get('/api/roles/1/permissions')).status).toBe(404);
  });
});
