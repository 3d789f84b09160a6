import type { FastifyRequest } from 'fastify';
import { validateSubmission } from '../../engine/schema/validate-submission';
import type { FormDocument } from '../../engine/schema/types';
import { actorOf } from '../auth/guards';
import type { DocumentStore } from '../documents/store';
import { ApiError, forbidden } from '../http/envelope';
import { distinct } from '../services/ids';
import { showsPaymentControls } from '../../engine/permissions/can';

// Every form submission is validated against the published form document of the
// document store, the one the console renders (contract 6): a publish takes effect
// on the next submission, with no restart. The document for a call is found by its
// `method` and `endpoint` ({key} placeholders match one path segment and are part
// of the payload).

interface Entry {
  name: string;
  doc: FormDocument;
  method: string;
  pattern: RegExp;
  keys: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The validated form value (visible, permitted fields only, trimmed and typed). */
    form: Record<string, unknown> | null;
  }
}

/** The route pattern of a form document's method and endpoint. */
function endpointEntry(name: string, doc: FormDocument): Entry {
  const keys: string[] = [];
  const source = doc.endpoint
    .split('/')
    .map((segment) => {
      const m = /^\{(\w+)\}$/.exec(segment) ?? /^:(\w+)$/.exec(segment);
      if (!m) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(m[1]);
      return '([^/]+)';
    })
    .join('/');
  return { name, doc, method: (doc.method ?? 'post').toUpperCase(), pattern: new RegExp(`^${source}/?$`), keys };
}

const cache = new WeakMap<DocumentStore, { generation: number; entries: Entry[] }>();

async function entries(store: DocumentStore): Promise<Entry[]> {
  await store.fresh();
  const cached = cache.get(store);
  if (cached?.generation === store.generation) return cached.entries;
  const list = store.list('forms').map((d) => endpointEntry(d.name, d.document as unknown as FormDocument));
  cache.set(store, { generation: store.generation, entries: list });
  return list;
}

/** Matches a call against one entry: the endpoint's placeholder values, or undefined. */
function matchEntry(entry: Entry, method: string, path: string): Record<string, string> | undefined {
  if (entry.method !== method) return undefined;
  const m = entry.pattern.exec(path);
  return m ? Object.fromEntries(entry.keys.map((k, i) => [k, decodeURIComponent(m[i + 1])])) : undefined;
}

/** The published form document for a call, if one names it. */
export async function formFor(store: DocumentStore, method: string, path: string) {
  for (const entry of await entries(store)) {
    const params = matchEntry(entry, method, path);
    if (params) return { entry, params };
  }
  return undefined;
}

const callPath = (request: FastifyRequest) => request.url.split('?')[0].replace(/^\/api/, '');

/**
 * preHandler for a call a form submits: unknown fields and field errors
 * answer 422 with source per field; request.form holds the clean value.
 */
export function validateForm(store: DocumentStore, optional = false) {
  return async (request: FastifyRequest) => {
    if (optional && !(await formFor(store, request.method, callPath(request)))) return;
    request.form = await checkForm(store, request, request.body);
  };
}

/** Session flags that form documents gate fields on, beside the role's permissions. */
export function formPermissions(request: FastifyRequest): string[] {
  const actor = actorOf(request);
  const extra = showsPaymentControls(actor.company.level, actor.permissions)
    ? ['show_payment_control', 'default_theme']
    : [];
  return [...actor.permissions, ...extra];
}

/** Keys a document accepts: its fields and their addon keys. */
function acceptedKeys(doc: FormDocument): Set<string> {
  const keys = new Set<string>();
  for (const field of doc.fields) {
    keys.add(field.key);
    if (field.addon) keys.add(field.addon.key);
  }
  return keys;
}

/**
 * Validates a payload against a form document as a submission to its endpoint:
 * unknown keys and field errors throw 422 (source per field), a field the
 * permissions forbid 403. Returns the clean value.
 */
export function checkPayload(
  doc: FormDocument,
  payload: unknown,
  params: Record<string, string>,
  permissions: string[],
): Record<string, unknown> {
  const body = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const accepted = acceptedKeys(doc);
  const unknown = Object.keys(body).filter((k) => !accepted.has(k));
  if (unknown.length) {
    throw new ApiError(
      422,
      unknown.map((k) => ({ code: 'VALIDATION_ERROR', message: `The ${k} field is not allowed.`, source: k })),
    );
  }
  const result = validateSubmission(doc, { ...body, ...params }, { permissions });
  if (result.errors.some((e) => e.code === 'FORBIDDEN')) throw forbidden();
  if (!result.ok) {
    throw new ApiError(422, result.errors);
  }
  const value = result.value as Record<string, unknown>;
  // A selection of several options names each once (a bulk call's devices, a role's companies).
  for (const field of doc.fields) {
    const selected = value[field.key];
    if (field.multiple && Array.isArray(selected)) distinct(selected.map(String), field.key, field.label);
  }
  return value;
}

/** Validates a payload (JSON body or multipart fields) against the call's published form document. */
export async function checkForm(
  store: DocumentStore,
  request: FastifyRequest,
  payload: unknown,
): Promise<Record<string, unknown>> {
  const path = callPath(request);
  const found = await formFor(store, request.method, path);
  if (!found) throw new Error(`No form document for ${request.method} ${path}`);
  return checkPayload(found.entry.doc, payload, found.params, formPermissions(request));
}
