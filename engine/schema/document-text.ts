// A document as the studio edits it: JSON text, two-space indented, one final
// newline; a draft text is a document only when it parses to a JSON object.

export function documentText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The object a draft text holds; undefined for invalid JSON and for any other JSON value. */
export function parseDocumentText(text: string): Record<string, unknown> | undefined {
  try {
    const document = JSON.parse(text) as unknown;
    return document && typeof document === 'object' && !Array.isArray(document)
      ? (document as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
