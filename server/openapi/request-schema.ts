import { deref } from './conform';
import { loadDocument, type OpenApiNode } from './document';

// A field of an operation's JSON request body as the OpenAPI writes it, for
// a route's own body schema: the vendor's limits (enums, item counts, the
// shapes of nested objects) taken from the one document rather than copied.
// References are resolved and the keywords that only annotate (`example`,
// `description`) are left out, so the route's validator sees plain JSON Schema.
// Its limits are the vendor's (an action's `options` is one of three shapes);
// what ties them together is each route's own check.

const ANNOTATIONS = new Set(['example', 'examples', 'description']);

function plain(document: OpenApiNode, node: unknown, depth = 0): unknown {
  if (depth > 30) throw new Error('The OpenAPI schema nests too deeply to be used as a body schema.');
  if (Array.isArray(node)) return node.map((item) => plain(document, item, depth + 1));
  if (!node || typeof node !== 'object') return node;
  const resolved = deref(document, node) ?? {};
  // An object's properties given without its type (the OpenAPI's tag actions): it is an object.
  const typed = 'properties' in resolved && !('type' in resolved) ? { type: 'object', ...resolved } : resolved;
  return Object.fromEntries(
    Object.entries(typed)
      .filter(([key]) => !ANNOTATIONS.has(key))
      .map(([key, value]) => [
        key,
        key === 'properties' ? properties(document, value, depth) : plain(document, value, depth + 1),
      ]),
  );
}

// Under `properties` every key is a field name (one may be called `description`), never an annotation.
const properties = (document: OpenApiNode, node: unknown, depth: number) =>
  Object.fromEntries(
    Object.entries((node ?? {}) as OpenApiNode).map(([name, value]) => [name, plain(document, value, depth + 1)]),
  );

/** The schema of one field of an operation's JSON body (`method` as the OpenAPI writes it, lower case). */
export function requestField(method: string, path: string, field: string): OpenApiNode {
  const document = loadDocument();
  const operation = ((document.paths as OpenApiNode)[path] as OpenApiNode | undefined)?.[method] as OpenApiNode;
  const body = deref(document, operation?.requestBody);
  const content = (body?.content ?? {}) as Record<string, OpenApiNode>;
  const schema = deref(document, content['application/json']?.schema);
  const node = (schema?.properties as OpenApiNode | undefined)?.[field];
  if (!node) throw new Error(`The OpenAPI has no field ${field} in the body of ${method.toUpperCase()} ${path}.`);
  return plain(document, node) as OpenApiNode;
}
