// Where documents come from: a source answers a document by kind and name. The
// browser's is the server's document store (http-source.ts); tests and Node
// tooling install the built-in files under schemas/ (load-fs.ts) with
// setDocumentSource.

export type DocumentKind = 'forms' | 'prompts' | 'lookups' | 'pages';

export type SourceAnswer =
  { status: 'ok'; document: unknown; etag?: string } | { status: 'unchanged' } | { status: 'missing' };

export type DocumentSource = (kind: DocumentKind, name: string, etag?: string) => Promise<SourceAnswer>;
