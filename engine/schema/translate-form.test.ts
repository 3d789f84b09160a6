import { describe, expect, it } from 'vitest';
import { documentTexts, documentTranslator, translateFormDocument } from './translate-form';
import type { FormDocument } from './types';

describe('translateFormDocument', () => {
  it('translates the texts and leaves keys, endpoints and names alone', () => {
    const doc: FormDocument = {
      $schema: '../form.schema.json',
      title: 'New tag',
      endpoint: '/tags',
      fields: [
        { key: 'name', label: 'Name', placeholder: 'Name', validate: ['ipv4'] },
        { key: 'kind', label: 'Kind', type: 'radio', options: [{ value: 'a', label: 'Name' }] },
        { key: 'tasks', component: 'TableInput', table: { fields: [{ key: 'name', title: 'Name', required: true }] } },
      ],
    };
    const no: Record<string, string> = { 'New tag': 'Ny tagg', Name: 'Navn' };
    const out = translateFormDocument(doc, (text) => no[text] ?? text);
    expect(out.title).toBe('Ny tagg');
    expect(out.endpoint).toBe('/tags');
    expect(out.fields[0]).toEqual({ key: 'name', label: 'Navn', placeholder: 'Navn', validate: ['ipv4'] });
    expect(out.fields[1].options).toEqual([{ value: 'a', label: 'Navn' }]);
    expect(out.fields[2].table).toEqual({ fields: [{ key: 'name', title: 'Navn', required: true }] });
    expect(doc.title).toBe('New tag');
  });
});

describe('documentTranslator', () => {
  const catalogue = (text: string) => ({ Name: 'Navn', Description: 'Beskrivelse' })[text] ?? text;
  it("prefers the document's own translation, then the catalogue, then the English text", () => {
    const t = documentTranslator({ translations: { no: { Name: 'Tagnavn' } } }, 'no', catalogue);
    expect(t('Name')).toBe('Tagnavn');
    expect(t('Description')).toBe('Beskrivelse');
    expect(t('Colour')).toBe('Colour');
  });
  it('another language ignores the translations of the first', () => {
    const t = documentTranslator({ translations: { no: { Name: 'Tagnavn' } } }, 'ja', catalogue);
    expect(t('Name')).toBe('Navn');
  });
});

describe('documentTexts', () => {
  it('lists each text a translation covers once, in document order', () => {
    const doc = {
      $schema: '../form.schema.json',
      title: 'Edit tag',
      endpoint: '/tags/{id}',
      confirmText: 'Save',
      fields: [
        { key: 'name', label: 'Name', placeholder: 'Name' },
        { key: 'kind', label: 'Kind', type: 'select', options: [{ value: 1, label: 'Plain' }] },
      ],
    } as FormDocument & { confirmText: string };
    expect(documentTexts(doc)).toEqual(['Name', 'Kind', 'Plain', 'Edit tag', 'Save']);
  });
});
