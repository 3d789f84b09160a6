// The browser's document source: the server's document store
// (GET /api/documents/{kind}/{name}), revalidated with the ETag it answered, so an
// unchanged document costs one 304.
import { sessionFetch } from '../http/session-fetch';
import type { DocumentSource } from './document-source';

const DOCUMENTS_PATH = '/api/documents';

/** The server's document store over fetch (a 304 is an answer here, not an error). */
export const httpSource: DocumentSource = async (kind, name, etag) => {
  const response = await sessionFetch(`${DOCUMENTS_PATH}/${kind}/${encodeURIComponent(name)}`, {
    credentials: 'same-origin',
    cache: 'no-store',
    headers: { 'X-Requested-With': 'XMLHttpRequest', ...(etag ? { 'If-None-Match': etag } : {}) },
  });
  if (response.status === 304) return { status: 'unchanged' };
  if (response.status === 404) return { status: 'missing' };
  if (!response.ok) throw new Error(`Loading ${kind}/${name} failed: HTTP ${response.status}`);
  const body = (await response.json()) as { data?: unknown };
  return { status: 'ok', document: body.data, etag: response.headers.get('etag') ?? undefined };
};
