import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import formSchema from '../../schemas/form.schema.json';
import { createAjv } from '../validators/ajv';
import { DOCUMENT_NAME_PATTERN } from './document-name';
import { documentText, parseDocumentText } from './document-text';
import { newFormText } from './new-form';

const validForm = createAjv().compile(formSchema);

describe('a new form', () => {
  it('starts as a form document of its name that only lacks the endpoint, in the document text layout', () => {
    fc.assert(
      fc.property(fc.stringMatching(new RegExp(DOCUMENT_NAME_PATTERN, 'u')), (name) => {
        const text = newFormText(name);
        const document = parseDocumentText(text);
        expect(document).not.toHaveProperty('endpoint');
        expect(validForm({ ...document, endpoint: '/tags' }), JSON.stringify(validForm.errors)).toBe(true);
        expect(document).toMatchObject({ title: 'New form', schema: { id: name } });
        expect(documentText(document)).toBe(text);
      }),
      { numRuns: 50 },
    );
  });
});
