import type { FastifyRequest } from 'fastify';
import { endpointKey, endpointParams } from '../../engine/contract/endpoint';
import { validateSubmission } from '../../engine/schema/validate-submission';
import type { FormDocument } from '../../engine/schema/types';
import { actorOf } from '../auth/guards';
import type { DocumentStore } from '../documents/store';
import { ApiError, forbidden } from '../http/envelope';
import { distinct } from '../services/ids';
import { documentPermissions } from '../../engine/permissions/document';

// Every form submission is validated against the published form document of the
// document store, the one the console renders (contract 6): a publish takes effect
// on the next submission, with no restart. The document for a call is the one
// whose method and endpoint spell the route the call reached (endpointKey: the
// route's declaration, never a search of the path); the endpoint's {key}
// placeholders take the route's parameters, in order, and are part of the payload.

interface Entry {
  doc: FormDocument;
  /** The endpoint's placeholder names, in order. */
  params: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The validated form value (visible, permitted fields only, trimmed and typed). */
    form: Record<string, unknown> | null;
  }
}

const cache = new WeakMap<DocumentStore, { generation: number; entries: Map<string, Entry> }>();

/** The published form documents by route key; of two spelling one route, the first by name answers it. */
async function entries(store: DocumentStore): Promise<Map<string, Entry>> {
  await store.fresh();
  const cached = cache.get(store);
  if (cached?.generation === store.generation) return cached.entries;
  const byKey = new Map<string, Entry>();
  for (const { document } of store.list('forms')) {
    const doc = document as unknown as FormDocument;
    const key = endpointKey(doc.method ?? 'post', doc.endpoint);
    if (!byKey.has(key)) byKey.set(key, { doc, params: endpointParams(doc.endpoint) });
  }
  cache.set(store, { generation: store.generation, entries: byKey });
  return byKey;
}

/** The route a call reached, as Fastify declared it (`/api/tags/:id`). */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? '';

/** The published form document of the call's route, with its placeholder values from the route's parameters. */
async function formFor(store: DocumentStore, request: FastifyRequest) {
  const route = routeOf(request);
  const entry = (await entries(store)).get(endpointKey(request.method, route));
  if (!entry) return undefined;
  const values = request.params as Record<string, string>;
  const names = endpointParams(route);
  return { doc: entry.doc, params: Object.fromEntries(entry.params.map((key, i) => [key, values[names[i]]])) };
}

/**
 * preHandler for a call a form submits: unknown fields and field errors
 * answer 422 with source per field; request.form holds the clean value.
 */
export function validateForm(
  store: DocumentStore,
  optional = false,
  payloadOf: (request: FastifyRequest) => unknown = (request) => request.body,
) {
  return async (request: FastifyRequest) => {
    if (optional && !(await formFor(store, request))) return;
    request.form = await checkForm(store, request, payloadOf(request));
  };
}

/**
 * The server does not gate on the console's theme: it holds default_theme for every caller (the one field
 * that names it, new company's 'Show purchase link', needs show_payment_control beside it).
 */
const SERVER_FLAGS = ['default_theme'];

/** The caller's document permission set (engine/permissions/document.ts), as the console computes it. */
export function callerPermissions(request: FastifyRequest): string[] {
  const { permissions, role, company } = actorOf(request);
  return documentPermissions(
    { permissions, role, company: { level: company.level, show_payment: Boolean(company.show_payment) } },
    SERVER_FLAGS,
  );
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
  const found = await formFor(store, request);
  if (!found) throw new Error(`No form document for ${request.method} ${routeOf(request)}`);
  return checkPayload(found.doc, payload, found.params, callerPermissions(request));
}
