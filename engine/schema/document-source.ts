// Where documents come from: a source answers a document by kind and name. The
// browser's is the server's document store (http-source.ts); tests and Node
// tooling install the built-in files under schemas/ (load-fs.ts) with
// setDocumentSource.

export const DOCUMENT_KINDS = ['forms', 'prompts', 'lookups', 'pages', 'menus'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const isDocumentKind = (value: string): value is DocumentKind =>
  (DOCUMENT_KINDS as readonly string[]).includes(value);

/** The document store's answer to a kind it does not keep. */
export const UNKNOWN_KIND = `Unknown document kind: ${DOCUMENT_KINDS.join(', ')}.`;

export type SourceAnswer =
  { status: 'ok'; document: unknown; etag?: string } | { status: 'unchanged' } | { status: 'missing' };

export type DocumentSource = (kind: DocumentKind, name: string, etag?: string) => Promise<SourceAnswer>;
