import { describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS, UNKNOWN_KIND, isDocumentKind } from './document-source';

describe('document kinds', () => {
  it('are forms, prompts, lookups, pages and menus', () => {
    expect(DOCUMENT_KINDS).toEqual(['forms', 'prompts', 'lookups', 'pages', 'menus']);
    for (const kind of DOCUMENT_KINDS) expect(isDocumentKind(kind)).toBe(true);
  });

  it('refuse any other name, inherited object keys and other spellings included', () => {
    for (const value of ['form', 'Forms', '', 'constructor', 'toString', 'schemas'])
      expect(isDocumentKind(value)).toBe(false);
    expect(UNKNOWN_KIND).toBe('Unknown document kind: forms, prompts, lookups, pages, menus.');
  });
});
