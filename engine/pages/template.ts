// {key} templates of page documents: paths, query parameters, form data and
// confirmation texts read values from the row, the route parameters and the
// selection ('{$ids}', '{count}').
import { fillPlaceholders, wholePlaceholder } from '../contract/endpoint';

export type Scope = Record<string, unknown>;

export function readPath(source: unknown, path: string): unknown {
  let node = source;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A whole-string template keeps the value's type ('{$ids}' stays an array); otherwise text. */
export function resolveTemplate(value: unknown, scope: Scope): unknown {
  if (typeof value !== 'string') return value;
  const whole = wholePlaceholder(value);
  if (whole !== undefined) return readPath(scope, whole);
  return fillPlaceholders(value, (key) => readPath(scope, key), {
    missing: (key) => String(readPath(scope, key) ?? ''),
  });
}

/** Path templates: each value URI-encoded; a missing value leaves the template unresolved (undefined). */
export function resolvePath(path: string, scope: Scope): string | undefined {
  let missing = false;
  const out = fillPlaceholders(path, (key) => readPath(scope, key), {
    encode: true,
    missing: () => {
      missing = true;
      return '';
    },
  });
  return missing ? undefined : out;
}

function resolveDeep(value: unknown, scope: Scope): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveDeep(v, scope));
  if (value && typeof value === 'object') return resolveObject(value as Record<string, unknown>, scope);
  return resolveTemplate(value, scope);
}

export function resolveObject(input: Record<string, unknown> | undefined, scope: Scope): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input ?? {})) {
    const resolved = resolveDeep(value, scope);
    if (resolved !== undefined && resolved !== '') out[key] = resolved;
  }
  return out;
}
