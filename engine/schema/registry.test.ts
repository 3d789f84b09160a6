import { afterEach, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { DocumentSource } from './document-source';
import { fileSource } from './load-fs';
import { forgetDocument, loadDocument, loadFormDocument, loadLookupDocument, setDocumentSource } from './registry';

const files = fileSource(fileURLToPath(new URL('../../schemas', import.meta.url)));
afterEach(() => setDocumentSource(files));

/** A source that answers like the server: a document with an ETag, 304 when the ETag still holds. */
function serverLike() {
  const calls: (string | undefined)[] = [];
  let version = 1;
  const source: DocumentSource = async (kind, name, etag) => {
    calls.push(etag);
    if (name === 'none') return { status: 'missing' };
    if (etag === `"${version}"`) return { status: 'unchanged' };
    return { status: 'ok', document: { title: `${kind}/${name} v${version}` }, etag: `"${version}"` };
  };
  return { source, calls, publish: () => version++ };
}

describe('registry', () => {
  it('loads built-in documents by kind and name', async () => {
    expect((await loadFormDocument('new-tag'))?.endpoint).toBe('/tags');
    expect(await loadFormDocument('no-such-form')).toBeUndefined();
    expect((await loadLookupDocument('companies'))?.limit).toBe(100);
  });

  it('shares one request between concurrent loads and revalidates later ones with the ETag', async () => {
    const server = serverLike();
    setDocumentSource(server.source);
    const [a, b] = await Promise.all([loadDocument('forms', 'x'), loadDocument('forms', 'x')]);
    expect(a).toEqual({ title: 'forms/x v1' });
    expect(b).toBe(a);
    expect(server.calls).toEqual([undefined]);
    expect(await loadDocument('forms', 'x')).toBe(a);
    expect(server.calls).toHaveLength(1);
    forgetDocument('forms', 'x');
    server.publish();
    expect(await loadDocument('forms', 'x')).toEqual({ title: 'forms/x v2' });
    expect(await loadDocument('forms', 'none')).toBeUndefined();
  });

  it('an unchanged document answers from memory after a 304', async () => {
    const server = serverLike();
    setDocumentSource(server.source);
    const first = await loadDocument('pages', 'p');
    const realNow = Date.now;
    Date.now = () => realNow() + 60_000;
    try {
      expect(await loadDocument('pages', 'p')).toBe(first);
      expect(server.calls).toEqual([undefined, '"1"']);
    } finally {
      Date.now = realNow;
    }
  });
});
