import { describe, expect, it } from 'vitest';
import { routeIndex } from '../routes/resolve';
import { entityNameOf, entityUrl } from './entityName';

describe('entity names for breadcrumbs', () => {
  it('fills the route params into the API path, encoded, and gives up when one is missing', () => {
    expect(entityUrl('/devices/:id', { id: '105' })).toBe('/devices/105');
    expect(entityUrl('/tags?id=:id', { id: '7' })).toBe('/tags?id=7');
    expect(entityUrl('/companies/:company_id', { company_id: 'a/b' })).toBe('/companies/a%2Fb');
    expect(entityUrl('/devices/:id', {})).toBeUndefined();
  });

  it('reads the name of a single item or of the first item of a list', () => {
    expect(entityNameOf({ success: true, data: { id: 1, name: 'HQ hub' } })).toBe('HQ hub');
    expect(entityNameOf({ success: true, data: [{ id: 7, name: 'Tallinn' }], meta: { total: 1 } })).toBe('Tallinn');
    expect(entityNameOf({ success: true, data: [] })).toBeUndefined();
    expect(entityNameOf({ success: true, data: { id: 1, name: '  ' } })).toBeUndefined();
    expect(entityNameOf(null)).toBeUndefined();
  });

  it('names the item of every detail route with tabs or an id', () => {
    const withEntity = [...routeIndex.values()].filter((entry) => entry.route.entity).map((entry) => entry.route.name);
    expect(withEntity.sort()).toEqual(
      ['automation', 'company.info', 'device.detail', 'remote.info', 'tag.chart', 'vpn-connect', 'vpn-hub'].sort(),
    );
  });
});
