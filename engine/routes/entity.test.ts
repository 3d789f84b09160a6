import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entityNameOf, entityUrl } from './entity';

describe('entity names for breadcrumbs', () => {
  it('fills the route params into the API path, encoded, and gives up when one is missing', () => {
    expect(entityUrl('/devices/:id', { id: '105' })).toBe('/devices/105');
    expect(entityUrl('/tags?id=:id', { id: '7' })).toBe('/tags?id=7');
    expect(entityUrl('/companies/:company_id', { company_id: 'a/b' })).toBe('/companies/a%2Fb');
    expect(entityUrl('/devices/:id', {})).toBeUndefined();
    expect(entityUrl('/devices/:id', { id: '' })).toBeUndefined();
    expect(entityUrl('/devices/:device_id/hubs/:id', { device_id: '1' })).toBeUndefined();
  });

  it('a filled path holds each value once, encoded, and no placeholder', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        const url = entityUrl('/devices/:id/info', { id })!;
        expect(url).toBe(`/devices/${encodeURIComponent(id)}/info`);
        expect(url).not.toContain(':id');
      }),
    );
  });

  it('reads the name of a single item or of the first item of a list', () => {
    expect(entityNameOf({ success: true, data: { id: 1, name: 'HQ hub' } })).toBe('HQ hub');
    expect(entityNameOf({ success: true, data: [{ id: 7, name: 'Tallinn' }], meta: { total: 1 } })).toBe('Tallinn');
    expect(entityNameOf({ success: true, data: [] })).toBeUndefined();
    expect(entityNameOf({ success: true, data: { id: 1, name: '  ' } })).toBeUndefined();
    expect(entityNameOf({ success: true, data: { id: 1, name: 42 } })).toBeUndefined();
    expect(entityNameOf(null)).toBeUndefined();
  });

  it('never throws on any JSON body', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const name = entityNameOf(body);
        expect(name === undefined || (typeof name === 'string' && name.trim() !== '')).toBe(true);
      }),
    );
  });
});
