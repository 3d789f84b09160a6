import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../validators/ajv';
import { DOCUMENT_NAME_SCHEMA, isDocumentName } from './document-name';

/** The server's check of the name parameter: ajv on the same schema, as Fastify validates route params. */
const serverAccepts = createAjv().compile(DOCUMENT_NAME_SCHEMA);

/** Strings near the rule: its alphabet, capitals, spaces, slashes, newlines and non-ASCII letters. */
const nearName = fc
  .array(fc.constantFrom(...'az09._-AZ /\n\u00e9\u{1F600}'.split(/(?:)/u)), { maxLength: 90 })
  .map((chars) => chars.join(''));

describe('document names', () => {
  it('are lower-case letters, digits, dots, dashes and underscores, starting with a letter or digit', () => {
    for (const name of ['new-tag', 'rms-connect.ssh', 'a', '0', 'edit_task_group', 'a'.repeat(80)]) {
      expect(isDocumentName(name), name).toBe(true);
    }
    for (const name of ['', 'Bad Name', 'New-tag', '.hidden', '-x', '_x', 'a/b', '../a', 'a\n', 'é', 'a'.repeat(81)]) {
      expect(isDocumentName(name), name).toBe(false);
    }
  });

  it('are the names the server accepts, no more and no fewer', () => {
    fc.assert(
      fc.property(fc.oneof(nearName, fc.string({ unit: 'grapheme' }), fc.string()), (name) => {
        expect(isDocumentName(name)).toBe(serverAccepts(name));
      }),
      { numRuns: 2000 },
    );
  });
});
