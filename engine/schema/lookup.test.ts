import { describe, expect, it } from 'vitest';
import { chosenRequest, fillParam, lookupOptions, lookupPermitted, lookupRequest, readPath } from './lookup';
import type { LookupDocument } from './types';

const roles: LookupDocument = { $schema: '', path: '/roles', labelKey: 'title', valueKey: 'name', limit: 100 };

describe('lookups', () => {
  it('GET with limit 100, the form params filled from values, and the search text', () => {
    expect(
      lookupRequest(roles, { lookup: 'roles', params: { company_id: '{company_id}' } }, { company_id: 5 }, 'adm'),
    ).toEqual({
      url: '/roles',
      params: { company_id: 5, limit: 100, q: 'adm' },
    });
    expect(lookupRequest(roles, { lookup: 'roles', params: { company_id: '{company_id}' } }, {})).toEqual({
      url: '/roles',
      params: { limit: 100 },
    });
    expect(fillParam('level-{a}', { a: 2 })).toBe('level-2');
  });

  it('the items of chosen values by the id filter, with the form params; none for a lookup not valued by id', () => {
    const devices: LookupDocument = { $schema: '', path: '/devices', labelKey: 'name', valueKey: 'id', limit: 100 };
    const ref = { lookup: 'devices', params: { company_id: '{company_id}' } };
    expect(chosenRequest(devices, ref, { company_id: 2 }, [812, 4])).toEqual({
      url: '/devices',
      params: { company_id: 2, limit: 2, id: '812,4' },
    });
    expect(chosenRequest(devices, ref, {}, [])).toBeUndefined();
    expect(chosenRequest(roles, { lookup: 'roles' }, {}, ['admin'])).toBeUndefined();
  });

  it('options by label and value keys (dotted paths, field overrides)', () => {
    const items = [{ id: 1, name: 'admin', title: 'Administrator', config: { name: 'Cfg' } }];
    expect(lookupOptions(roles, { lookup: 'roles' }, items)).toEqual([{ value: 'admin', label: 'Administrator' }]);
    expect(lookupOptions(roles, { lookup: 'roles', valueKey: 'id', labelKey: 'config.name' }, items)).toEqual([
      { value: 1, label: 'Cfg' },
    ]);
    expect(readPath({ a: { b: 3 } }, 'a.b')).toBe(3);
  });

  it("a document's permission must be held to use the lookup; without one anyone may", () => {
    expect(lookupPermitted(roles, [])).toBe(true);
    expect(lookupPermitted({ ...roles, permission: 'view_roles' }, ['view_devices'])).toBe(false);
    expect(lookupPermitted({ ...roles, permission: 'view_roles' }, ['view_roles'])).toBe(true);
  });
});
