import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillPath } from './path';

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
