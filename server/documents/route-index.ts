import type { FastifyInstance } from 'fastify';
import { endpointKey } from '../../engine/contract/endpoint';

// Method and path of every /api route, collected as routes are added: the studio
// warns when a form's endpoint has no server route and offers these to pick from.

export interface ApiRoute {
  method: string;
  /** The path under /api with {param} placeholders, as form endpoints spell them. */
  path: string;
}

export class RouteIndex {
  private routes: ApiRoute[] = [];
  /** endpointKey of every route: a form document answers a route with the same key. */
  private keys = new Set<string>();
  /** The route's own body schema by endpointKey, where it has one (checked against its form document by a test). */
  private bodies = new Map<string, unknown>();

  /** Collects the routes registered on app from now on. */
  listen(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.includes('*')) return;
      const path = route.url.slice('/api'.length).replace(/:(\w+)/g, '{$1}');
      for (const method of [route.method].flat()) {
        const key = endpointKey(method, route.url);
        if (method === 'HEAD' || this.keys.has(key)) continue;
        this.keys.add(key);
        if (route.schema?.body) this.bodies.set(key, route.schema.body);
        this.routes.push({ method, path });
      }
    });
  }

  list(): ApiRoute[] {
    return [...this.routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }

  /** The body schema a route declares itself, by the method and endpoint a form document spells. */
  bodySchema(method: string, endpoint: string): unknown {
    return this.bodies.get(endpointKey(method, endpoint));
  }

  /** Whether a route is declared as the form endpoint spells it (a submit finds the form by its route). */
  answers(method: string, endpoint: string): boolean {
    return this.keys.has(endpointKey(method, endpoint));
  }
}
