import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPath, pathParamsPresent } from './path';

describe('fillPath', () => {
  it('fills params and drops missing optional ones', () => {
    expect(fillPath('/forms/:name/:id?', { name: 'new-tag' })).toBe('/forms/new-tag');
    expect(fillPath('/forms/:name/:id?', { name: 'edit-task-group', id: 7 })).toBe('/forms/edit-task-group/7');
    expect(fillPath('/companies/:company_id/devices', { company_id: 3 })).toBe('/companies/3/devices');
  });

  it('keeps a missing required param as written, and encodes values', () => {
    expect(fillPath('/devices/:id', {})).toBe('/devices/:id');
    expect(fillPath('/devices/:id', { id: '' })).toBe('/devices/:id');
    expect(fillPath('/files/:name', { name: 'a/b c' })).toBe('/files/a%2Fb%20c');
  });

  it('gives the root for a path that empties', () => {
    expect(fillPath('/', {})).toBe('/');
    expect(fillPath(':page?', {})).toBe('/');
  });

  it('each filled value is one segment that reads back as the value', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (name, id) => {
        const segments = fillPath('/forms/:name/:id?', { name, id }).split('/');
        expect(segments).toHaveLength(4);
        expect(decodeURIComponent(segments[2])).toBe(name);
        expect(decodeURIComponent(segments[3])).toBe(id);
      }),
    );
  });
});

describe('pathParamsPresent', () => {
  it('holds when every param segment, optional or not, has a non-empty value', () => {
    expect(pathParamsPresent('/devices', {})).toBe(true);
    expect(pathParamsPresent('/vpn/hubs/:id/general', { id: '1' })).toBe(true);
    expect(pathParamsPresent('/vpn/hubs/:id/general', {})).toBe(false);
    expect(pathParamsPresent('/vpn/hubs/:id/general', { id: '' })).toBe(false);
    expect(pathParamsPresent('/forms/:name/:id?', { name: 'new-tag' })).toBe(false);
    expect(pathParamsPresent('/forms/:name/:id?', { name: 'new-tag', id: '7' })).toBe(true);
  });

  it('then the filled path has no param left', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('id', 'name', 'company_id'), fc.string()), (params) => {
        const path = '/companies/:company_id/:name/:id?';
        if (pathParamsPresent(path, params)) expect(fillPath(path, params)).not.toMatch(/\/:/);
      }),
    );
  });
});
