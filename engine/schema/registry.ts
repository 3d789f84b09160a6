// The document registry: forms, prompts, lookups and pages by name, read from the
// server's document store (document-source.ts) instead of being bundled, so a
// published change shows without a rebuild. Each document is kept in memory with
// its ETag; a load within REVALIDATE_MS of the last answer uses it as is (a burst
// of lookups costs one request), a later one revalidates (an unchanged document
// costs one 304), and concurrent loads share one request.
import type { PageDocument } from '../pages/types';
import type { DocumentKind, DocumentSource } from './document-source';
import { httpSource } from './http-source';
import type { FormDocument, LookupDocument, PromptDocument } from './types';

const REVALIDATE_MS = 2000;

interface Entry {
  document: unknown;
  etag?: string;
  checkedAt: number;
  pending?: Promise<unknown>;
}

let source: DocumentSource = httpSource;
const entries = new Map<string, Entry>();

/** Replaces where documents come from (tests read the built-in files) and forgets what was loaded. */
export function setDocumentSource(next: DocumentSource): void {
  source = next;
  entries.clear();
}

/** Forgets a loaded document (after the studio publishes it): the next load fetches it. */
export function forgetDocument(kind: DocumentKind, name: string): void {
  entries.delete(`${kind}/${name}`);
}

/** The published document of a kind and name, or undefined when there is none. */
export function loadDocument(kind: DocumentKind, name: string): Promise<unknown> {
  const key = `${kind}/${name}`;
  const entry = entries.get(key);
  if (entry?.pending) return entry.pending;
  if (entry && Date.now() - entry.checkedAt < REVALIDATE_MS) return Promise.resolve(entry.document);
  const pending = source(kind, name, entry?.etag).then(
    (answer) => {
      if (answer.status === 'missing') {
        entries.delete(key);
        return undefined;
      }
      const document = answer.status === 'ok' ? answer.document : entry?.document;
      const etag = answer.status === 'ok' ? answer.etag : entry?.etag;
      entries.set(key, { document, etag, checkedAt: Date.now() });
      return document;
    },
    (error: unknown) => {
      entries.delete(key);
      throw error;
    },
  );
  entries.set(key, { document: entry?.document, etag: entry?.etag, checkedAt: entry?.checkedAt ?? 0, pending });
  return pending;
}

/** Starts loading documents a route will need, so they are there when it asks. */
export function prefetchDocuments(kind: DocumentKind, names: Iterable<string>): void {
  for (const name of names) loadDocument(kind, name).catch(() => undefined);
}

export const loadFormDocument = (name: string) => loadDocument('forms', name) as Promise<FormDocument | undefined>;
export const loadPromptDocument = (name: string) =>
  loadDocument('prompts', name) as Promise<PromptDocument | undefined>;
export const loadLookupDocument = (name: string) =>
  loadDocument('lookups', name) as Promise<LookupDocument | undefined>;
export const loadPageDocument = (name: string) => loadDocument('pages', name) as Promise<PageDocument | undefined>;
