import type { FastifyInstance } from 'fastify';
import { operations, type OpenApiNode } from './document';
import type { RouteRegistry } from '../http/routes';
import { notImplemented } from './routes';

// Every OpenAPI operation still without a route answers 501 in the error
// envelope (never 404): registered from the document after the resources, so
// a real route is never shadowed, with the method and path as written.

const WHY = 'this product has no data for it';

/** A plugin (prefix /api) registering 501 routes for the operations `routes` does not have yet. */
export function notImplementedFallback(document: OpenApiNode, routes: RouteRegistry) {
  return async (app: FastifyInstance) => {
    for (const op of operations(document)) {
      if (!routes.state(op.key)) notImplemented(app, op.method, op.path, WHY);
    }
  };
}
