import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldForSource, mapServerErrors } from './map-server-errors';

const keys = ['name', 'email', 'password', 'password_confirmation', 'serial', 'file', 'tasks'];

describe('mapServerErrors', () => {
  it('matches server field errors to form fields by source', () => {
    const r = mapServerErrors([{ code: 'X', message: 'Name taken', source: 'name' }], keys);
    expect(r.fields).toEqual({ name: ['Name taken'] });
    expect(r.general).toEqual([]);
  });

  it('ignores source id (general list)', () => {
    expect(mapServerErrors([{ message: 'Bad id', source: 'id' }], [...keys, 'id'])).toMatchObject({
      fields: {},
      general: ['Bad id'],
    });
  });

  it('errors about password also clear the message on password_confirmation', () => {
    const r = mapServerErrors([{ message: 'Too weak', source: 'password' }], keys);
    expect(r.fields).toEqual({ password: ['Too weak'] });
    expect(r.clear).toEqual(['password_confirmation']);
  });

  it('bulk-data errors map by the third path segment of the source', () => {
    const r = mapServerErrors([{ message: 'Serial exists', source: 'data.3.serial' }], keys);
    expect(r.fields).toEqual({ serial: ['Serial exists'] });
  });

  it('file upload errors whose source contains a slash appear on the file field as message (name, line N, in X)', () => {
    const r = mapServerErrors([{ message: 'Unexpected token', source: 'rutos.json/12/paths' }], keys, {
      fileField: 'file',
    });
    expect(r.fields).toEqual({ file: ['Unexpected token (rutos.json, line 12, in paths)'] });
  });

  it('other errors go to the general list; UNAUTHORIZED is skipped', () => {
    const r = mapServerErrors(
      [
        { message: 'Quota exceeded', source: null },
        { message: 'Nope', source: 'unknown_field' },
        { code: 'UNAUTHORIZED', message: 'Unauthorized.', source: 'name' },
      ],
      keys,
    );
    expect(r).toEqual({ fields: {}, general: ['Quota exceeded', 'Nope'], clear: [] });
  });

  it('hides the errors of a permission-gated field the form left out (not in the general list either)', () => {
    const visible = ['credit_type_name', 'amount'];
    expect(
      mapServerErrors([{ message: 'Company required', source: 'company_id' }], visible, { hiddenKeys: ['company_id'] }),
    ).toEqual({ fields: {}, general: [], clear: [] });
    expect(
      mapServerErrors([{ message: 'Too big', source: 'amount' }], visible, { hiddenKeys: ['company_id'] }).fields,
    ).toEqual({ amount: ['Too big'] });
  });

  it('a password error clears password_confirmation, a server message for it included', () => {
    const r = mapServerErrors(
      [
        { message: 'Passwords differ', source: 'password_confirmation' },
        { message: 'Too weak', source: 'password' },
      ],
      keys,
    );
    expect(r).toEqual({ fields: { password: ['Too weak'] }, general: [], clear: ['password_confirmation'] });
  });

  it('hides the messages of a permission-hidden field', () => {
    expect(
      mapServerErrors([{ message: 'x', source: 'company_id' }], ['company_id'], { hiddenKeys: ['company_id'] }),
    ).toEqual({ fields: {}, general: [], clear: [] });
  });

  it('property: every server error lands on a field or in the general list, none is lost (but cleared ones)', () => {
    const source = fc.oneof(
      fc.constantFrom(...keys, 'id', 'data.0.serial', 'tasks.1.name', 'x/1/y', ''),
      fc.string({ maxLength: 12 }),
      fc.constant(null),
    );
    const item = fc.record({
      code: fc.constantFrom('E', 'VALIDATION_ERROR', 'UNAUTHORIZED'),
      message: fc.string({ minLength: 1, maxLength: 10 }),
      source,
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 15 }), fc.boolean(), (errors, withFile) => {
        const r = mapServerErrors(errors, keys, withFile ? { fileField: 'file' } : {});
        const placed = Object.values(r.fields).flat().length + r.general.length;
        const onCleared = (e: (typeof errors)[number]) =>
          !!e.source && !(withFile && e.source.includes('/')) && r.clear.includes(fieldForSource(e.source, keys) ?? '');
        expect(placed).toBe(errors.filter((e) => e.code !== 'UNAUTHORIZED' && !onCleared(e)).length);
        for (const key of r.clear) expect(r.fields[key]).toBeUndefined();
        for (const key of Object.keys(r.fields)) expect(keys).toContain(key);
      }),
      { numRuns: 300 },
    );
  });
});
