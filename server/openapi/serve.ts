import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { operations, type OpenApiNode } from './document';
import type { RouteRegistry } from '../http/routes';
import { DOCS_CONTENT_SECURITY_POLICY } from '../http/security';

// The vendor's OpenAPI served as this server's description: /api/openapi.json
// and browsable docs at /api/docs (swagger-ui's own assets, served from
// node_modules, no internet). Every operation is marked `x-implemented`
// (true, or false with `x-status: 501` for the ones answering 501), and its
// description says so; servers point at this server's /api.

export type Coverage = 'implemented' | 'not-implemented' | 'missing';

const NOTES: Record<Coverage, string> = {
  implemented: '**Implemented by this server.**',
  'not-implemented': '**Not served by this product: answers 501 NOT_IMPLEMENTED.**',
  missing: '**Not implemented by this server yet (404).**',
};

/** The document with every operation annotated for the routes this app has. */
export function annotatedDocument(source: OpenApiNode, routes: RouteRegistry): OpenApiNode {
  const document = structuredClone(source);
  document.servers = [{ url: '/api', description: 'This server' }];
  for (const operation of operations(document)) {
    const coverage: Coverage = routes.state(operation.key) ?? 'missing';
    const node = operation.node;
    node['x-implemented'] = coverage === 'implemented';
    if (coverage === 'not-implemented') node['x-status'] = 501;
    node.description = [NOTES[coverage], node.description].filter(Boolean).join('\n\n');
  }
  return document;
}

/** Registers /api/openapi.json and /api/docs; call after every resource route is registered. */
export async function registerOpenApi(app: FastifyInstance, source: OpenApiNode, routes: RouteRegistry): Promise<void> {
  const document = annotatedDocument(source, routes);
  await app.register(swagger, { mode: 'static', specification: { document: document as never } });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CONTENT_SECURITY_POLICY });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
