import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { can } from './can';
import { documentPermissions, permits } from './document';

const user = (permissions: string[], level = 1, role = 'admin', extra: object = {}) => ({
  permissions,
  company: { level },
  role: { name: role },
  ...extra,
});

describe('the document permission set', () => {
  it("holds the role's permissions, super_admin by role and the synthetic permissions the user holds", () => {
    expect(documentPermissions(user(['view_devices'], 1, 'super_admin'))).toEqual(['super_admin', 'view_devices']);
    expect(documentPermissions(user(['create_devices', 'delete_devices'], 2))).toContain('move_devices');
    expect(documentPermissions(user(['create_devices', 'delete_devices'], 3))).not.toContain('move_devices');
  });

  it('holds the payment flags by the session (shell spec §6: payment controls only for company level 1)', () => {
    expect(documentPermissions(user(['create_companies'], 1))).toContain('show_payment_control');
    expect(documentPermissions(user(['create_companies'], 2))).not.toContain('show_payment_control');
    // The server's flag, as the session user carries it, is taken as given.
    expect(documentPermissions(user([], 2, 'admin', { show_payment_control: true }))).toContain('show_payment_control');
    expect(documentPermissions({ ...user([]), company: { level: 3, show_payment: true } })).toContain('show_payment');
    expect(documentPermissions(user(['view_devices']), ['default_theme'])).toEqual(['default_theme', 'view_devices']);
    expect(documentPermissions(null, ['default_theme'])).toEqual(['default_theme']);
  });

  it('a requirement the set permits is one can() grants the user (console, renderer and server decide alike)', () => {
    const names = fc.constantFrom('create_devices', 'delete_devices', 'view_devices', 'move_devices', 'super_admin');
    fc.assert(
      fc.property(
        fc.uniqueArray(names),
        fc.array(names, { minLength: 1 }),
        fc.integer({ min: 1, max: 4 }),
        fc.constantFrom('admin', 'super_admin'),
        (held, asked, level, role) => {
          const u = user(held, level, role);
          expect(permits(documentPermissions(u), asked)).toBe(can(u, asked));
        },
      ),
    );
  });
});
