// A form document's call: the request the console sends (placeholders filled from the
// values and route params) and, on the server, the document that answers a call.
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

/** The placeholder values when the call's method and path match the document's endpoint. */
export function matchEndpoint(doc: FormDocument, method: string, path: string): Record<string, string> | undefined {
  if ((doc.method ?? 'post') !== method.toLowerCase()) return undefined;
  const want = doc.endpoint.split('/').filter(Boolean);
  const got = path
    .split('?')[0]
    .replace(/^\/api(?=\/)/, '')
    .split('/')
    .filter(Boolean);
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const m = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(want[i]);
    if (m) params[m[1]] = decodeURIComponent(got[i]);
    else if (want[i] !== got[i]) return undefined;
  }
  return params;
}

const literalCount = (doc: FormDocument) => doc.endpoint.split('/').filter((s) => s && !s.startsWith('{')).length;

/** The form documents answering a call (most specific endpoint first), with the path parameters. */
export function findFormsForCall(
  forms: ReadonlyMap<string, FormDocument>,
  method: string,
  path: string,
): { name: string; doc: FormDocument; params: Record<string, string> }[] {
  const found: { name: string; doc: FormDocument; params: Record<string, string> }[] = [];
  for (const [name, doc] of forms) {
    const params = matchEndpoint(doc, method, path);
    if (params) found.push({ name, doc, params });
  }
  return found.sort((a, b) => literalCount(b.doc) - literalCount(a.doc) || a.name.localeCompare(b.name));
}
