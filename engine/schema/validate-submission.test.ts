import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import activateCode from '../../schemas/forms/activate-code.json';
import newCompany from '../../schemas/forms/new-company.json';
import newTag from '../../schemas/forms/new-tag.json';
import editTag from '../../schemas/forms/edit-tag-details.json';
import type { FormDocument } from './types';
import { validateSubmission } from './validate-submission';

const tag = newTag as FormDocument;

describe('validateSubmission', () => {
  it('new tag: company and name required; description and color optional', () => {
    const r = validateSubmission(tag, {}, { permissions: ['create_tags'] });
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'The company field is required.', source: 'company_id' },
      { code: 'VALIDATION_ERROR', message: 'The name field is required.', source: 'name' },
    ]);
    const ok = validateSubmission(tag, { company_id: 3, name: '  Lab  ' }, { permissions: ['create_tags'] });
    expect(ok).toEqual({ ok: true, errors: [], value: { company_id: 3, name: 'Lab' } });
  });

  it('edit tag, a partial update: a required field left out keeps what is stored, sent empty it is refused', () => {
    const doc = editTag as FormDocument;
    const ctx = { permissions: ['update_tags'] };
    expect(validateSubmission(doc, { id: 4, description: 'Roof' }, ctx)).toMatchObject({ ok: true });
    expect(validateSubmission(doc, { id: 4, name: ' ' }, ctx).errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'The name field is required.', source: 'name' },
    ]);
    expect(
      validateSubmission(newTag as FormDocument, { description: 'Roof' }, { permissions: ['create_tags'] }).ok,
    ).toBe(false);
  });

  it('drops unknown keys and trims text', () => {
    const r = validateSubmission(
      tag,
      { company_id: 1, name: 'a', admin: true, color: '#ABCDEF' },
      {
        permissions: ['create_tags'],
      },
    );
    expect(r.value).toEqual({ company_id: 1, name: 'a', color: '#ABCDEF' });
  });

  it('new company: name minimum 3 characters, parent required; gated show_payment is dropped', () => {
    const doc = newCompany as FormDocument;
    const r = validateSubmission(
      doc,
      { name: ' ab ', parent_id: 1, show_payment: true },
      {
        permissions: ['create_companies'],
      },
    );
    expect(r.errors).toEqual([
      { code: 'VALIDATION_ERROR', message: 'The name must be at least 3 characters.', source: 'name' },
    ]);
    expect(r.value).toEqual({ name: 'ab', parent_id: 1 });
  });

  it('refuses a form whose permission the user lacks', () => {
    const r = validateSubmission(activateCode as FormDocument, { code: 'x' }, { permissions: [] });
    expect(r.ok).toBe(false);
    expect(r.errors[0].code).toBe('FORBIDDEN');
    expect(
      validateSubmission(
        activateCode as FormDocument,
        { code: 'x' },
        { permissions: ['activate_credit_transfer_codes'] },
      ).ok,
    ).toBe(true);
  });

  it('shapes list and table values: blanks dropped, numbers typed, rows keyed by column only', () => {
    const doc: FormDocument = {
      $schema: '',
      title: 'T',
      endpoint: '/t',
      fields: [
        { key: 'ports', component: 'ListInput', list: { type: 'number' } },
        { key: 'rows', component: 'TableInput', table: { fields: [{ key: 'a', title: 'A' }] } },
      ],
    };
    const payload = { ports: [' 80 ', '', '443'], rows: [{ a: ' x ', evil: 1 }, { a: '' }] };
    const r = validateSubmission(doc, payload, { permissions: [] });
    expect(r).toEqual({ ok: true, errors: [], value: { ports: [80, 443], rows: [{ a: 'x' }] } });
  });
});

describe('validateSubmission properties', () => {
  it('the value holds only permitted, visible document keys', () => {
    const doc = newCompany as FormDocument;
    const keys = ['name', 'parent_id', 'show_payment', 'admin', 'id', '__proto__x'];
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom(...keys), fc.oneof(fc.string(), fc.integer(), fc.boolean())),
        fc.subarray(['default_theme', 'show_payment_control']),
        (payload, flags) => {
          const r = validateSubmission(doc, payload, { permissions: ['create_companies', ...flags] });
          const allowed = flags.length === 2 ? ['name', 'parent_id', 'show_payment'] : ['name', 'parent_id'];
          for (const key of Object.keys(r.value)) expect(allowed).toContain(key);
          for (const e of r.errors) expect(allowed).toContain(e.source);
        },
      ),
      { numRuns: 200 },
    );
  });
});
