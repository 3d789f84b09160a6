// A form document's call: the request the console sends (placeholders filled from the
// values and route params) and the route key by which the server finds the
// document that answers a call.
import type { FormValues } from './depends';
import type { FormDocument } from './types';

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export interface ResolvedCall {
  method: string;
  url: string;
  /** The values without the ones used in the path; undefined for a delete without a body. */
  body: FormValues | undefined;
}

/** The request of a submission: {key} placeholders filled (URL-encoded) from route params, then values. */
export function resolveEndpoint(
  doc: FormDocument,
  values: FormValues,
  routeParams: Record<string, string> = {},
): ResolvedCall {
  const used = new Set<string>();
  const url = doc.endpoint.replace(PLACEHOLDER, (_m, key: string) => {
    used.add(key);
    const v = key in routeParams ? routeParams[key] : values[key];
    return encodeURIComponent(String(v ?? ''));
  });
  const body = Object.fromEntries(Object.entries(values).filter(([k]) => !used.has(k)));
  const method = doc.method ?? 'post';
  return { method, url, body: method === 'delete' && Object.keys(body).length === 0 ? undefined : body };
}

// A route's parameter segment: {key} in a document, :key (or :key(regex)) in a Fastify route.
const PARAM_SEGMENT = /^(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|:([A-Za-z_][A-Za-z0-9_]*)(?:\(.*\))?)$/;

const segments = (path: string) =>
  path
    .split('?')[0]
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean);

/**
 * The one spelling of a call's route that form documents and server routes
 * share: the method in capitals and the path under /api with each parameter
 * as {}, so `put /tags/{id}` (a document) and `PUT /api/tags/:id` (a route)
 * are both `PUT /tags/{}`. A document answers the calls of the route with its key.
 */
export function endpointKey(method: string, path: string): string {
  const template = segments(path).map((s) => (PARAM_SEGMENT.test(s) ? '{}' : s));
  return `${method.toUpperCase()} /${template.join('/')}`;
}

/** The parameter names of a document endpoint or a route path, in order. */
export function endpointParams(path: string): string[] {
  return segments(path).flatMap((s) => {
    const m = PARAM_SEGMENT.exec(s);
    return m ? [m[1] ?? m[2]] : [];
  });
}
