import type { FastifyInstance, RouteOptions } from 'fastify';
import { requireSession } from '../auth/guards';
import { ApiError } from '../http/envelope';
import { endpointKey, fillPlaceholders } from '../../engine/contract/endpoint';

// Which OpenAPI operations this server answers: every /api route is recorded
// as it is added (keyed like the OpenAPI's operations), and the operations the
// product cannot meaningfully serve are registered with notImplemented() so
// they answer 501 in the error envelope instead of 404.

export type RouteState = 'implemented' | 'not-implemented';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers 501: an OpenAPI operation this product does not serve. */
    notImplemented?: boolean;
  }
}

/** Records the app's /api routes; read the map after the resources are registered. */
export function recordApiRoutes(app: FastifyInstance): Map<string, RouteState> {
  const seen = new Map<string, RouteState>();
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const state: RouteState = route.config?.notImplemented ? 'not-implemented' : 'implemented';
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      seen.set(endpointKey(method, route.url), state);
    }
  });
  return seen;
}

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
