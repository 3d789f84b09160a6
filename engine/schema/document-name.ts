// The name of a stored document (a form, prompt, lookup or page): lower-case
// letters and digits first, then also dots, dashes and underscores, at most 80
// characters. One definition for the studio's new-form field and the document
// store's routes (server/resources/documents.ts).

export const DOCUMENT_NAME_PATTERN = '^[a-z0-9][a-z0-9._-]{0,79}$';

/** The JSON schema of a document name, as the document store's routes validate their `name` parameter. */
export const DOCUMENT_NAME_SCHEMA = { type: 'string', pattern: DOCUMENT_NAME_PATTERN } as const;

// The `u` flag: JSON Schema patterns are Unicode regular expressions (ajv compiles them so).
const NAME = new RegExp(DOCUMENT_NAME_PATTERN, 'u');

export function isDocumentName(name: string): boolean {
  return NAME.test(name);
}
