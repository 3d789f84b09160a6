import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { translateDocument } from '../../engine/pages/translate';
import { documentKeys, pageDocuments } from './page-keys';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('page keys', () => {
  it('collects exactly the texts translateDocument passes through the translator', () => {
    for (const doc of pageDocuments(root)) {
      const seen: string[] = [];
      translateDocument(doc, (text) => {
        seen.push(text);
        return text;
      });
      expect(new Set(documentKeys(doc)), doc.title).toEqual(new Set(seen.filter(Boolean)));
    }
  });
});
