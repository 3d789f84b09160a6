import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { can, showsPaymentControls } from './can';

const user = (permissions: string[], level = 1, role = 'admin') => ({
  permissions,
  company: { level },
  role: { name: role },
});

describe('can', () => {
  it('matches every by default and some on request', () => {
    const u = user(['view_devices', 'view_tags']);
    expect(can(u, 'view_devices')).toBe(true);
    expect(can(u, ['view_devices', 'view_users'])).toBe(false);
    expect(can(u, ['view_devices', 'view_users'], 'some')).toBe(true);
    expect(can(u, [])).toBe(true);
    expect(can(null, 'view_devices')).toBe(false);
  });

  it('derives move_devices from create and delete devices and a company level of 2 or less', () => {
    expect(can(user(['create_devices', 'delete_devices'], 2), 'move_devices')).toBe(true);
    expect(can(user(['create_devices', 'delete_devices'], 3), 'move_devices')).toBe(false);
    expect(can(user(['create_devices'], 1), 'move_devices')).toBe(false);
  });

  it('every is the conjunction and some the disjunction of single checks', () => {
    const names = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(fc.array(names), fc.array(names, { minLength: 1 }), (held, asked) => {
        const u = user(held);
        expect(can(u, asked)).toBe(asked.every((p) => can(u, p)));
        expect(can(u, asked, 'some')).toBe(asked.some((p) => can(u, p)));
      }),
    );
  });

  it("decides the same for the server's caller (a set of permissions) as for the session user (a list)", () => {
    const names = fc.constantFrom('create_devices', 'delete_devices', 'view_devices', 'move_devices', 'super_admin');
    fc.assert(
      fc.property(
        fc.array(names),
        fc.array(names, { minLength: 1 }),
        fc.integer({ min: 1, max: 3 }),
        (held, asked, level) => {
          const listed = user(held, level);
          const caller = { permissions: new Set(held), company: { level }, role: { name: 'admin' } };
          expect(can(caller, asked)).toBe(can(listed, asked));
          expect(can(caller, asked, 'some')).toBe(can(listed, asked, 'some'));
        },
      ),
    );
  });
});

describe('payment controls (shell spec §6)', () => {
  it('show only at company level 1, to a user who creates companies', () => {
    expect(showsPaymentControls(1, ['create_companies'])).toBe(true);
    expect(showsPaymentControls(1, new Set(['create_companies', 'view_devices']))).toBe(true);
    expect(showsPaymentControls(2, ['create_companies'])).toBe(false);
    expect(showsPaymentControls(3, ['create_companies'])).toBe(false);
    expect(showsPaymentControls(undefined, ['create_companies'])).toBe(false);
    expect(showsPaymentControls(1, ['view_devices'])).toBe(false);
  });
});
