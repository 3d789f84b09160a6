import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldSchema } from '../schema/types';
import { fillEndpoint, hasFile, shapePayload } from './payload';

const doc = {
  fields: [
    { key: 'name', label: 'Name', required: true },
    { key: 'description', label: 'Description', type: 'textarea' },
    { key: 'count', label: 'Count', type: 'number' },
    { key: 'password', label: 'Password', type: 'password' },
    { key: 'alert', component: 'BaseAlert', text: 'Note' },
    {
      key: 'mode',
      type: 'select',
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    },
    { key: 'extra', label: 'Extra', depends: [{ key: 'mode', values: ['b'] }] },
    { key: 'size', label: 'Size', addon: { key: 'unit', options: [{ value: 'MB', label: 'MB' }] } },
    { key: 'ips', component: 'ListInput' },
  ] as FieldSchema[],
};

describe('shapePayload', () => {
  it('trims text, keeps passwords, converts numbers, drops display-only, hidden and empty optional values', () => {
    const out = shapePayload(doc, {
      name: '  Lab ',
      description: '  ',
      count: ' 12 ',
      password: ' secret ',
      alert: 'x',
      mode: 'a',
      extra: 'should go',
      size: '5',
      unit: 'MB',
      ips: ['1.1.1.1'],
      notAField: 1,
    });
    expect(out).toEqual({
      name: 'Lab',
      count: 12,
      password: ' secret ',
      mode: 'a',
      size: '5',
      unit: 'MB',
      ips: ['1.1.1.1'],
    });
  });

  it('keeps a depends field while visible', () => {
    expect(shapePayload(doc, { name: 'x', mode: 'b', extra: ' y ' })).toMatchObject({ extra: 'y' });
  });

  it('never submits a hidden field, whatever the values (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom('a', 'b', undefined), fc.string(), (mode, extra) => {
        const out = shapePayload(doc, { name: 'n', mode, extra });
        if (mode !== 'b') expect(out).not.toHaveProperty('extra');
        for (const v of Object.values(out)) if (typeof v === 'string' && v !== out.password) expect(v).toBe(v.trim());
      }),
    );
  });

  it('sends an optional field emptied since the form opened with a value as empty, so the stored one is cleared', () => {
    const opened = { name: 'Lab', description: 'Roof', count: 3, ips: ['1.1.1.1'], mode: 'a' };
    const out = shapePayload(doc, { name: 'Lab', description: ' ', count: '', ips: [], mode: '' }, opened);
    expect(out).toEqual({ name: 'Lab', description: '', count: null, ips: [], mode: '' });
    // Empty when it opened stays left out, and a field hidden since is never sent.
    expect(shapePayload(doc, { name: 'Lab', description: '' }, { name: 'Lab', description: '' })).toEqual({
      name: 'Lab',
    });
    expect(shapePayload(doc, { name: 'n', mode: 'a', extra: '' }, { name: 'n', mode: 'b', extra: 'x' })).toEqual({
      name: 'n',
      mode: 'a',
    });
  });
});

describe('fillEndpoint', () => {
  it('fills {key} from values and :id from the route, URL-encoded', () => {
    expect(fillEndpoint('/admin/users/{email}/mfa', { email: 'a b@x.io' })).toBe('/admin/users/a%20b%40x.io/mfa');
    expect(fillEndpoint('/companies/:id', {}, 7)).toBe('/companies/7');
    expect(() => fillEndpoint('/x/{email}', {})).toThrow('email');
  });

  it('fills {id} from the route id when the values have none (edit forms opened at /forms/<name>/<id>)', () => {
    expect(fillEndpoint('/automations/{id}', {}, 12)).toBe('/automations/12');
    expect(fillEndpoint('/automations/{id}', { id: 3 }, 12)).toBe('/automations/3');
    expect(() => fillEndpoint('/automations/{id}', {})).toThrow('id');
  });
});

describe('hasFile', () => {
  it('finds blobs anywhere in the payload', () => {
    expect(hasFile({ a: [{ f: new Blob(['x']) }] })).toBe(true);
    expect(hasFile({ a: [1, 'x'], d: new Date() })).toBe(false);
  });
});
