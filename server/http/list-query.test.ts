import { describe, expect, it } from 'vitest';
import { ApiError } from './envelope';
import { parseListParams, type ListSpec } from './list-query';

const spec = {
  from: () => {
    throw new Error('not used');
  },
  idColumn: 't.id',
  fields: { id: 't.id', name: 't.name', email: 't.email' },
  search: ['name'],
  defaultSort: '-id',
} as unknown as ListSpec;

describe('parseListParams', () => {
  it('defaults: limit 10, offset 0, the default sort', () => {
    expect(parseListParams({}, spec)).toMatchObject({ limit: 10, offset: 0, sort: [['id', 'desc']] });
  });

  it('reads comma lists, descending sort, known fields only and search-fields', () => {
    const p = parseListParams(
      { sort: 'name,-id', fields: 'id,secret,name', id: '3,4', q: ' x ', 'search-fields': 'name,email' },
      spec,
    );
    expect(p).toMatchObject({
      sort: [
        ['name', 'asc'],
        ['id', 'desc'],
      ],
      fields: ['id', 'name'],
      ids: [3, 4],
      q: 'x',
      searchFields: ['name', 'email'],
    });
  });

  it('refuses unknown sort fields and malformed numbers with a 422 on the parameter', () => {
    for (const [query, source] of [
      [{ sort: 'password' }, 'sort'],
      [{ limit: '-1' }, 'limit'],
      [{ offset: 'x' }, 'offset'],
      [{ id: '1,a' }, 'id'],
    ] as const) {
      try {
        parseListParams(query, spec);
        expect.fail('should throw');
      } catch (error) {
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).errors[0].source).toBe(source);
      }
    }
  });

  it('caps the limit', () => {
    expect(parseListParams({ limit: '999999' }, spec).limit).toBe(1000);
  });
});
