import type { FastifyInstance } from 'fastify';
import { requireSession } from '../auth/guards';
import { ApiError } from '../http/envelope';
import { fillPlaceholders } from '../../engine/contract/endpoint';

// The operations the product cannot meaningfully serve are registered with
// notImplemented(), so they answer 501 in the error envelope instead of 404
// (the route registry, server/http/routes.ts, marks them as such).

/**
 * Registers `METHOD path` (OpenAPI spelling, under the plugin's /api prefix) answering 501.
 * @public The RMS API routes this server leaves out are registered with it.
 */
export function notImplemented(app: FastifyInstance, method: string, path: string, why: string): void {
  const url = fillPlaceholders(path, (key) => `:${key}`);
  app.route({
    method: method.toUpperCase() as 'GET',
    url,
    config: { notImplemented: true },
    preHandler: requireSession,
    handler: async () => {
      throw ApiError.of(
        501,
        'NOT_IMPLEMENTED',
        `This server does not implement ${method.toUpperCase()} ${path}: ${why}`,
      );
    },
  });
}
