import type { FastifyRequest } from 'fastify';
import { endpointKey, endpointParams } from '../../engine/contract/endpoint';
import { FORM_HEADER } from '../../engine/contract/form-header';
import { validateSubmission } from '../../engine/schema/validate-submission';
import type { FormDocument } from '../../engine/schema/types';
import { actorOf } from '../auth/guards';
import type { DocumentStore } from '../documents/store';
import type { ErrorItem } from '../../engine/contract/error-item';
import { ApiError, forbidden, invalid } from '../http/envelope';
import { distinct } from '../services/ids';
import { documentPermissions } from '../../engine/permissions/document';

// Every form submission is validated against the published form document of the
// document store, the one the console renders (contract 6): a publish takes effect
// on the next submission, with no restart. The document for a call is the one
// whose method and endpoint spell the route the call reached (endpointKey: the
// route's declaration, never a search of the path); the endpoint's {key}
// placeholders take the route's parameters, in order, and are part of the payload.
// A route several forms submit to (a product owner's second form for POST /tags
// beside New tag) checks a console submission by the form it names (the X-Form
// header), and a call naming none (an API client's) takes it when one of the
// route's forms takes it; one none takes is answered
// with the errors of the one that knows the most of the fields it sends (the first
// by name of those), so a form published later never changes what the others'
// submissions must satisfy.

interface Entry {
  /** The document's name in the store. */
  name: string;
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

const cache = new WeakMap<DocumentStore, { generation: number; entries: Map<string, Entry[]> }>();

/** The published form documents by route key, each route's in name order. */
async function entries(store: DocumentStore): Promise<Map<string, Entry[]>> {
  await store.fresh();
  const cached = cache.get(store);
  if (cached?.generation === store.generation) return cached.entries;
  const byKey = new Map<string, Entry[]>();
  for (const { name, document } of store.list('forms')) {
    const doc = document as unknown as FormDocument;
    const key = endpointKey(doc.method ?? 'post', doc.endpoint);
    byKey.set(key, [...(byKey.get(key) ?? []), { name, doc, params: endpointParams(doc.endpoint) }]);
  }
  cache.set(store, { generation: store.generation, entries: byKey });
  return byKey;
}

/** The route a call reached, as Fastify declared it (`/api/tags/:id`). */
const routeOf = (request: FastifyRequest) => request.routeOptions.url ?? '';

/**
 * The published form documents of the call's route, each with its placeholder values from the route's parameters:
 * the one the call names in FORM_HEADER when that is one of them, else all of them.
 */
async function formsFor(store: DocumentStore, request: FastifyRequest) {
  const route = routeOf(request);
  const all = (await entries(store)).get(endpointKey(request.method, route)) ?? [];
  const named = all.filter((entry) => entry.name === request.headers[FORM_HEADER.toLowerCase()]);
  const found = named.length ? named : all;
  const values = request.params as Record<string, string>;
  const names = endpointParams(route);
  return found.map((entry) => ({
    doc: entry.doc,
    params: Object.fromEntries(entry.params.map((key, i) => [key, values[names[i]]])),
  }));
}

/**
 * preHandler for a call a form submits: unknown fields and field errors
 * answer 422 with source per field; request.form holds the clean value.
 */
export function validateForm(
  store: DocumentStore,
  optional = false,
  payloadOf: (request: FastifyRequest) => unknown = (request) => request.body,
  sentBeyond?: (request: FastifyRequest) => boolean,
) {
  return async (request: FastifyRequest) => {
    const found = await formsFor(store, request);
    if (optional && !found.length) return;
    const payload = payloadOf(request);
    // A partial form's edit that changes only what the call takes beside the form (guard's formOmits): nothing
    // of the form is sent, so nothing of it changes (a submission of nothing at all is still checked whole).
    const nothingOfForm = payload && typeof payload === 'object' && !Object.keys(payload).length;
    if (nothingOfForm && sentBeyond?.(request) && found.length && found.every(({ doc }) => doc.partial === true)) {
      request.form = {};
      return;
    }
    request.form = await checkForm(store, request, payload);
  };
}

/**
 * A list body (the RMS API's `{data: [item, …]}` where the console's form submits one item): every item is
 * checked against the call's form, each error's source under its item (`data.1.name`), all before any is kept.
 */
export async function checkFormItems(
  store: DocumentStore,
  request: FastifyRequest,
  key: string,
  items: unknown[],
): Promise<Record<string, unknown>[]> {
  if (!items.length) throw invalid([key, 'Give at least one item.']);
  const errors: ErrorItem[] = [];
  const values: Record<string, unknown>[] = [];
  for (const [index, item] of items.entries()) {
    try {
      values.push(await checkForm(store, request, item));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      errors.push(...error.under(`${key}.${index}`).errors);
    }
  }
  if (errors.length) throw new ApiError(422, errors);
  return values;
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
  const found = await formsFor(store, request);
  if (!found.length) throw new Error(`No form document for ${request.method} ${routeOf(request)}`);
  const permissions = callerPermissions(request);
  const sent = Object.keys(payload && typeof payload === 'object' ? payload : {});
  const unknownTo = (doc: FormDocument) => {
    const accepted = acceptedKeys(doc);
    return sent.filter((key) => !accepted.has(key)).length;
  };
  // The forms that know the most of the fields sent first (in name order): the refusal answered is the first's.
  const ordered = found.map((f) => ({ ...f, unknown: unknownTo(f.doc) })).sort((a, b) => a.unknown - b.unknown);
  let refusal: unknown;
  for (const { doc, params } of ordered) {
    try {
      return checkPayload(doc, payload, params, permissions);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      refusal ??= error;
    }
  }
  throw refusal;
}
