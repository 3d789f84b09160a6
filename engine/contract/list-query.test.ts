import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { listQuery, sortParam, sortTerm } from './list-query';

describe('the list query', () => {
  it('sends each of its own parameters only when set, the lists comma-separated', () => {
    expect(listQuery({})).toEqual({});
    expect(listQuery({ limit: 10, offset: 0, q: '  ', searchFields: ['name'], sort: '' })).toEqual({
      limit: 10,
      offset: 0,
    });
    expect(listQuery({ q: ' rut ', searchFields: ['name', 'serial'], fields: ['id', 'name'] })).toEqual({
      q: 'rut',
      'search-fields': 'name,serial',
      fields: 'id,name',
    });
  });

  it("keeps the caller's parameters; a fields among them wins over the request's", () => {
    expect(listQuery({ limit: 5, fields: ['id'] }, { status: 1, fields: 'id,name' })).toEqual({
      status: 1,
      fields: 'id,name',
      limit: 5,
    });
  });

  it('reads back every sort term it writes', () => {
    const field = fc.stringMatching(/^[a-z_][a-z0-9_.]{0,20}$/);
    fc.assert(
      fc.property(field, fc.constantFrom('asc' as const, 'desc' as const), (name, direction) => {
        expect(sortTerm(sortParam(name, direction))).toEqual({ field: name, direction });
      }),
    );
  });
});
