import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DOCUMENT_NAME_SCHEMA } from '../../engine/schema/document-name';
import { MAX_DOCUMENT_CHARS } from '../../engine/schema/document-safety';
import { UNKNOWN_KIND, isDocumentKind } from '../../engine/schema/document-source';
import { actorOf, requirePermission } from '../auth/guards';
import { DraftStore, type DraftKey } from '../documents/drafts';
import { list, notFound, ok } from '../http/envelope';

// The drafts API (manage_documents): the studio saves the caller's draft as
// they work, restores it when the document is opened again, drops it after
// publishing; the drafts of every owner are listed with author and since when.

const manage = { preHandler: requirePermission('manage_documents') };
const params = {
  type: 'object',
  required: ['kind', 'name'],
  properties: { kind: { type: 'string' }, name: DOCUMENT_NAME_SCHEMA },
} as const;

function keyOf(request: FastifyRequest): DraftKey {
  const { kind, name } = request.params as DraftKey;
  if (!isDocumentKind(kind)) throw notFound(UNKNOWN_KIND);
  return { kind, name };
}

export default async function documentDrafts(app: FastifyInstance) {
  const drafts = new DraftStore(app.ctx.db, app.ctx.now);
  app.get('/documents/drafts', manage, async () => {
    const rows = await drafts.list();
    return list(rows, rows.length);
  });

  app.get('/documents/:kind/:name/drafts', { ...manage, schema: { params } }, async (request) => {
    const rows = await drafts.list(keyOf(request));
    return list(rows, rows.length);
  });

  app.get('/documents/:kind/:name/draft', { ...manage, schema: { params } }, async (request) => {
    return ok((await drafts.mine(keyOf(request), actorOf(request).user.id)) ?? null);
  });

  app.put(
    '/documents/:kind/:name/draft',
    {
      ...manage,
      schema: {
        params,
        body: {
          type: 'object',
          required: ['text', 'version'],
          additionalProperties: false,
          properties: {
            text: { type: 'string', maxLength: MAX_DOCUMENT_CHARS },
            version: { type: 'integer', minimum: 0 },
          },
        },
      },
    },
    async (request) => {
      const { text, version } = request.body as { text: string; version: number };
      const { user } = actorOf(request);
      const saved = await drafts.save(keyOf(request), user, text, version);
      const { text: _text, ...summary } = saved!;
      return ok(summary);
    },
  );

  app.delete('/documents/:kind/:name/draft', { ...manage, schema: { params } }, async (request) => {
    const dropped = await drafts.drop(keyOf(request), actorOf(request).user.id);
    return ok({ dropped });
  });
}
