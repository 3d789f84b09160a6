import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentText, parseDocumentText } from './document-text';

describe('document text', () => {
  it('is indented by two spaces and ends with one newline', () => {
    expect(documentText({ title: 'New tag', fields: [] })).toBe('{\n  "title": "New tag",\n  "fields": []\n}\n');
  });

  it('parses to the object it holds, nothing for other JSON or broken text', () => {
    expect(parseDocumentText('{"a": 1}')).toEqual({ a: 1 });
    for (const text of ['', '{', '[]', '[{"a": 1}]', 'null', '1', '"text"', 'true']) {
      expect(parseDocumentText(text), text).toBeUndefined();
    }
  });

  it('reads back every document it writes, and writes it again the same', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (document) => {
        const text = documentText(document);
        const parsed = parseDocumentText(text);
        expect(parsed).toBeDefined();
        expect(documentText(parsed)).toBe(text);
      }),
    );
  });
});
