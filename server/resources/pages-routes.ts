import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';

// The page plugins fill gaps: each route is added only when no other plugin
// answers it already, so the resource owners' routes always win (the page
// plugins are listed last in index.ts).

type Method = 'get' | 'post' | 'put' | 'delete';

export function gapRoute(
  app: FastifyInstance,
  method: Method,
  path: string,
  options: RouteShorthandOptions,
  handler: (request: FastifyRequest) => Promise<unknown>,
): void {
  const upper = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
  if (app.hasRoute({ method: upper, url: `${app.prefix}${path}` })) return;
  app.route({ method: upper, url: path, ...options, handler: (request) => handler(request) });
}
