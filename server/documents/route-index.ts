import type { FastifyInstance } from 'fastify';

// Method and path of every /api route, collected as routes are added: the studio
// warns when a form's endpoint has no server route and offers these to pick from.

export interface ApiRoute {
  method: string;
  /** The path under /api with {param} placeholders, as form endpoints spell them. */
  path: string;
}

const asPattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')}/?$`);

export class RouteIndex {
  private routes: (ApiRoute & { pattern: RegExp })[] = [];

  /** Collects the routes registered on app from now on. */
  listen(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.includes('*')) return;
      const path = route.url.slice('/api'.length).replace(/:(\w+)/g, '{$1}');
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || this.routes.some((r) => r.method === method && r.path === path)) continue;
        this.routes.push({ method, path, pattern: asPattern(path) });
      }
    });
  }

  list(): ApiRoute[] {
    return this.routes
      .map(({ method, path }) => ({ method, path }))
      .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }

  /** Whether a route answers a form endpoint ({key} placeholders stand for any one segment). */
  answers(method: string, endpoint: string): boolean {
    const sample = endpoint.replace(/\{[^/}]+\}|:\w+/g, '1');
    return this.routes.some((r) => r.method === method.toUpperCase() && r.pattern.test(sample));
  }
}
