// The endpoint grammar of the contract (contract 6, docs/architecture.md): how a
// call's path is written and recognised, once for the console and the server.
// - `endpointKey`: the key by which a route, an OpenAPI operation and a form
//   document's endpoint are found to be the same call;
// - `fillPlaceholders`: the one filler of `{key}` placeholders in endpoints,
//   paths and parameters (each caller says where values come from and what a
//   missing one means). scripts/contract.test.ts refuses a second of either.

// A route's parameter segment: {key} in a document or the OpenAPI, :key (or :key(regex)) in a Fastify route.
const PARAM_SEGMENT = /^(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|:([A-Za-z_][A-Za-z0-9_]*)(?:\(.*\))?)$/;

const segments = (path: string) =>
  path
    .split('?')[0]
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean);

/**
 * The one spelling of a call's route that form documents, the OpenAPI and
 * server routes share: the method in capitals and the path under /api with
 * each parameter as {}, so `put /tags/{id}` (a document) and `PUT
 * /api/tags/:id` (a route) are both `PUT /tags/{}`.
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

/** A `{key}` placeholder: a name, a dotted path (`{config.name}`) or a selection key (`{$ids}`). */
const PLACEHOLDER = /\{([$A-Za-z0-9_.]+)\}/g;
const WHOLE = /^\{([$A-Za-z0-9_.]+)\}$/;

/** The key of a template that is one placeholder and nothing else (`'{$ids}'`), else undefined. */
export function wholePlaceholder(template: string): string | undefined {
  return WHOLE.exec(template)?.[1];
}

/** The keys of the placeholders of a template, in order. */
export function placeholderKeys(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Fills every `{key}` of a template with `valueOf(key)`, as text (URI-encoded with `encode`). An empty value
 * (undefined, null or '') goes to `missing`, which returns the text to put in its place or throws.
 */
export function fillPlaceholders(
  template: string,
  valueOf: (key: string) => unknown,
  { encode = false, missing = () => '' }: { encode?: boolean; missing?: (key: string) => string } = {},
): string {
  return template.replace(PLACEHOLDER, (_match, key: string) => {
    const value = valueOf(key);
    if (isEmpty(value)) return missing(key);
    return encode ? encodeURIComponent(String(value)) : String(value);
  });
}
