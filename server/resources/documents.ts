import { pageParams } from '../http/list-query';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KEY_OPENED_PAGES } from '../../engine/constants';
import { DOCUMENT_NAME_SCHEMA } from '../../engine/schema/document-name';
import { UNKNOWN_KIND, isDocumentKind, type DocumentKind } from '../../engine/schema/document-source';
import type { FormDocument } from '../../engine/schema/types';
import { actorOf, requirePermission, requireSession } from '../auth/guards';
import { assertPublishable, documentProblems } from '../documents/check';
import { DraftStore } from '../documents/drafts';
import type { Author, PublishedDocument } from '../documents/store';
import type { RouteRegistry } from '../http/routes';
import { callerPermissions, checkPayload } from '../forms/validate';
import { ApiError, list, notFound, ok } from '../http/envelope';

// The document store's API (docs/architecture.md, docs/forms-and-studio.md): read the published forms,
// prompts, lookups and pages (ETag, 304); publish a version (422 with JSON
// pointers, 409 on a stale version), list versions, revert; check a draft and
// dry-run a submission against it. Writes need manage_documents and are audited.

const MANAGE = 'manage_documents';
const manage = { preHandler: requirePermission(MANAGE) };

const params = {
  type: 'object',
  required: ['kind', 'name'],
  properties: { kind: { type: 'string' }, name: DOCUMENT_NAME_SCHEMA },
} as const;

interface Params {
  kind: string;
  name: string;
}

function kindOf(raw: string): DocumentKind {
  if (!isDocumentKind(raw)) throw notFound(UNKNOWN_KIND);
  return raw;
}

const summary = (d: PublishedDocument) => ({
  kind: d.kind,
  name: d.name,
  title: typeof d.document.title === 'string' ? d.document.title : null,
  endpoint: typeof d.document.endpoint === 'string' ? d.document.endpoint : null,
  method: typeof d.document.method === 'string' ? d.document.method : null,
  version: d.version,
  updated_at: d.updated_at,
  updated_by: d.updated_by,
});

const authorOf = (request: FastifyRequest): Author => {
  const actor = actorOf(request);
  return { id: actor.user.id, email: actor.user.email, ip: request.ip };
};

/** For a form: whether a server route answers its method and endpoint (null for other documents). */
function endpointRouted(text: string, routes: RouteRegistry): boolean | null {
  const doc = JSON.parse(text) as { endpoint?: unknown; method?: unknown };
  if (typeof doc.endpoint !== 'string') return null;
  return routes.answers(typeof doc.method === 'string' ? doc.method : 'post', doc.endpoint);
}

export default async function documents(app: FastifyInstance) {
  const { ctx } = app;
  const store = ctx.documents;
  // Publishing or reverting drops the author's draft of the document (document-drafts.ts).
  const drafts = new DraftStore(ctx.db, ctx.now);

  async function published(kind: DocumentKind, name: string) {
    await store.fresh();
    const doc = store.get(kind, name);
    if (!doc) throw notFound(`There is no document ${kind}/${name}.`);
    return doc;
  }

  app.get('/documents', { preHandler: requireSession }, async (request) => {
    const { q = '', kind } = request.query as { q?: string; kind?: string };
    await store.fresh();
    const needle = String(q).toLowerCase();
    const rows = store
      .list(kind ? kindOf(kind) : undefined)
      .map(summary)
      .filter((d) => !needle || `${d.kind}/${d.name} ${d.title ?? ''}`.toLowerCase().includes(needle));
    return list(rows, rows.length);
  });

  app.get('/documents/endpoints', manage, async () => {
    const routes = ctx.routes.list();
    return list(routes, routes.length);
  });

  app.get('/documents/audit', manage, async (request) => {
    const { limit, offset } = pageParams(request.query as Record<string, unknown>, { fallback: 50, max: 200 });
    const { rows, total } = await store.audit(limit, offset);
    return list(rows, total);
  });

  app.get('/documents/:kind', { preHandler: requireSession }, async (request) => {
    const kind = kindOf((request.params as { kind: string }).kind);
    await store.fresh();
    const rows = store.list(kind).map(summary);
    return list(rows, rows.length);
  });

  // The pages opened with a connection key (no session) read their own document.
  const keyOpened = async (request: FastifyRequest) => {
    const { kind, name } = request.params as Params;
    if (kind !== 'pages' || !KEY_OPENED_PAGES.includes(name)) await requireSession(request);
  };

  app.get('/documents/:kind/:name', { preHandler: keyOpened, schema: { params } }, async (request, reply) => {
    const { kind, name } = request.params as Params;
    const doc = await published(kindOf(kind), name);
    reply.header('etag', doc.etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === doc.etag) return reply.status(304).send();
    return ok(doc.document, { version: doc.version, updated_at: doc.updated_at, updated_by: doc.updated_by });
  });

  app.put(
    '/documents/:kind/:name',
    {
      ...manage,
      schema: {
        params,
        body: {
          type: 'object',
          required: ['document', 'version'],
          additionalProperties: false,
          properties: { document: { type: 'object' }, version: { type: 'integer', minimum: 0 } },
        },
      },
    },
    async (request) => {
      const { kind: rawKind, name } = request.params as Params;
      const kind = kindOf(rawKind);
      const { document, version } = request.body as { document: Record<string, unknown>; version: number };
      await assertPublishable(ctx.schemasDir, store, kind, name, document);
      const doc = await store.publish({ kind, name, document, expected: version, author: authorOf(request) });
      await drafts.drop({ kind, name }, actorOf(request).user.id);
      return ok(summary(doc), { etag: doc.etag });
    },
  );

  app.get('/documents/:kind/:name/versions', { ...manage, schema: { params } }, async (request) => {
    const { kind, name } = request.params as Params;
    const rows = await store.versions(kindOf(kind), name);
    if (!rows.length) throw notFound(`There is no document ${kind}/${name}.`);
    return list(rows, rows.length);
  });

  app.get('/documents/:kind/:name/versions/:version', manage, async (request) => {
    const { kind, name, version } = request.params as Params & { version: string };
    const document = await store.version(kindOf(kind), name, Number(version));
    if (document === undefined) throw notFound(`There is no version ${version} of ${kind}/${name}.`);
    return ok(document);
  });

  app.post(
    '/documents/:kind/:name/revert',
    {
      ...manage,
      schema: {
        params,
        body: {
          type: 'object',
          required: ['version'],
          additionalProperties: false,
          properties: { version: { type: 'integer', minimum: 1 } },
        },
      },
    },
    async (request) => {
      const { kind: rawKind, name } = request.params as Params;
      const kind = kindOf(rawKind);
      const { version } = request.body as { version: number };
      const current = await published(kind, name);
      const document = await store.version(kind, name, version);
      if (document === undefined)
        throw ApiError.of(422, 'VALIDATION_ERROR', `There is no version ${version} of ${kind}/${name}.`, 'version');
      // A version that passed once may name a lookup or form that is gone since: check it again.
      await assertPublishable(ctx.schemasDir, store, kind, name, document);
      const doc = await store.publish({
        kind,
        name,
        document,
        expected: current.version,
        author: authorOf(request),
        action: 'revert',
        fromVersion: version,
      });
      await drafts.drop({ kind, name }, actorOf(request).user.id);
      return ok(summary(doc), { etag: doc.etag });
    },
  );

  app.post(
    '/documents/:kind/:name/check',
    {
      ...manage,
      schema: {
        params,
        body: {
          type: 'object',
          required: ['text'],
          additionalProperties: false,
          properties: { text: { type: 'string' } },
        },
      },
    },
    async (request) => {
      const { kind, name } = request.params as Params;
      const { text } = request.body as { text: string };
      const problems = await documentProblems(ctx.schemasDir, store, kindOf(kind), name, text);
      return ok({ problems, routed: problems.length ? null : endpointRouted(text, ctx.routes) });
    },
  );

  app.post(
    '/documents/forms/:name/dry-run',
    {
      ...manage,
      schema: {
        params: { type: 'object', properties: { name: DOCUMENT_NAME_SCHEMA } },
        body: {
          type: 'object',
          required: ['document', 'values'],
          additionalProperties: false,
          properties: {
            document: { type: 'object' },
            values: { type: 'object' },
            permissions: { type: 'array', maxItems: 300, items: { type: 'string', maxLength: 100 } },
          },
        },
      },
    },
    async (request) => {
      const { name } = request.params as { name: string };
      const body = request.body as { document: FormDocument; values: Record<string, unknown>; permissions?: string[] };
      await assertPublishable(ctx.schemasDir, store, 'forms', name, body.document);
      const value = checkPayload(body.document, body.values, {}, body.permissions ?? callerPermissions(request));
      return { success: true, data: value, message: 'Dry run: the server accepts these values. Nothing was written.' };
    },
  );
}
