import type { FastifyInstance, RouteOptions } from 'fastify';
import { endpointKey } from '../../engine/contract/endpoint';

// The one registry of the server's /api routes, filled as routes are added
// (one onRoute hook): the OpenAPI document is annotated from it and its
// missing operations answer 501 (server/openapi), the studio warns when a
// form's endpoint has no route and offers these to pick from, and a form's
// route body schema is checked against the form by a test.

/** Whether a route serves its operation or answers 501 (an OpenAPI operation this product does not serve). */
export type RouteState = 'implemented' | 'not-implemented';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers 501: an OpenAPI operation this product does not serve. */
    notImplemented?: boolean;
  }
}

export interface ApiRoute {
  method: string;
  /** The path under /api with {param} placeholders, as form endpoints spell them. */
  path: string;
}

interface Entry extends ApiRoute {
  state: RouteState;
  /** The route's own body schema, where it has one. */
  body?: unknown;
}

export class RouteRegistry {
  /** By endpointKey (method and path, keyed like the OpenAPI's operations and form endpoints). */
  private readonly entries = new Map<string, Entry>();

  /** Collects the /api routes registered on app from now on. */
  listen(app: FastifyInstance): void {
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/') || route.url.includes('*')) return;
      const path = route.url.slice('/api'.length).replace(/:(\w+)/g, '{$1}');
      const state: RouteState = route.config?.notImplemented ? 'not-implemented' : 'implemented';
      for (const method of [route.method].flat()) {
        const key = endpointKey(method, route.url);
        if (method === 'HEAD' || this.entries.has(key)) continue;
        this.entries.set(key, { method, path, state, body: route.schema?.body });
      }
    });
  }

  list(): ApiRoute[] {
    return [...this.entries.values()]
      .map(({ method, path }) => ({ method, path }))
      .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }

  /** How the route of an OpenAPI operation's key answers; undefined when there is none. */
  state(key: string): RouteState | undefined {
    return this.entries.get(key)?.state;
  }

  /** The body schema a route declares itself, by the method and endpoint a form document spells. */
  bodySchema(method: string, endpoint: string): unknown {
    return this.entries.get(endpointKey(method, endpoint))?.body;
  }

  /** Whether a route is declared as the form endpoint spells it (a submit finds the form by its route). */
  answers(method: string, endpoint: string): boolean {
    return this.entries.has(endpointKey(method, endpoint));
  }
}
