import { describe, expect, it } from 'vitest';
import newCompany from '../../schemas/forms/new-company.json';
import newTag from '../../schemas/forms/new-tag.json';
import { compileForm } from './compile';
import type { FormDocument } from './types';

const tag = newTag as FormDocument;
const company = newCompany as FormDocument;

describe('compileForm', () => {
  it('gives JSON Schema and uiSchema for @rjsf with the document attributes unchanged', () => {
    const c = compileForm(tag, { permissions: [] });
    expect(c.schema.required).toEqual(['company_id', 'name']);
    expect(c.schema.properties.name).toEqual({ title: 'Name', type: 'string', maxLength: 100 });
    expect(c.uiSchema['ui:order']).toEqual(['company_id', 'name', 'description', 'color']);
    expect(c.uiSchema.company_id['ui:widget']).toBe('ItemSelect');
    expect(c.uiSchema.company_id['ui:options'].options).toEqual({ lookup: 'companies' });
    expect(c.uiSchema.description['ui:widget']).toBe('textarea');
    expect(c.uiSchema.color['ui:widget']).toBe('color');
    expect(c.options).toMatchObject({ endpoint: '/tags', method: 'post', schema: { tableRef: 'tags' } });
  });

  it('is memoised per document and permission set', () => {
    const a = compileForm(tag, { permissions: ['x', 'y'] });
    expect(compileForm(tag, { permissions: ['y', 'x'] })).toBe(a);
    expect(compileForm(tag, { permissions: [] })).not.toBe(a);
  });

  it('drops fields gated by a permission the user lacks', () => {
    expect(compileForm(company, { permissions: [] }).fields.map((f) => f.key)).toEqual(['name', 'parent_id']);
    const full = compileForm(company, { permissions: ['default_theme', 'show_payment_control'] });
    expect(full.fields.map((f) => f.key)).toEqual(['name', 'parent_id', 'show_payment']);
    expect(full.uiSchema.show_payment['ui:widget']).toBe('checkbox');
    expect(full.options.defaults).toEqual({ show_payment: false });
  });

  it('maps masks, hidden, lists and depends fields', () => {
    const doc: FormDocument = {
      $schema: '../form.schema.json',
      title: 'T',
      endpoint: '/t',
      fields: [
        { key: 'mac', mask: 'FF:FF:FF:FF:FF:FF', required: true },
        { key: 'h', type: 'hidden' },
        { key: 'l', component: 'ListInput', list: { maxItems: 3, uniqueItems: true, type: 'number' } },
        { key: 'p', type: 'number', required: true, depends: [{ key: 'h', values: ['1'] }] },
      ],
    };
    const c = compileForm(doc, { permissions: [] });
    expect(c.uiSchema.mac['ui:widget']).toBe('masked');
    expect(c.uiSchema.h['ui:widget']).toBe('hidden');
    expect(c.schema.properties.l).toEqual({ type: 'array', items: { type: 'number' }, maxItems: 3, uniqueItems: true });
    expect(c.schema.required).toEqual(['mac']);
    expect(c.uiSchema.p['ui:options'].depends).toEqual([{ key: 'h', values: ['1'] }]);
  });
});
