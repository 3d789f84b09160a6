import type { FastifyRequest } from 'fastify';
import { loadDocuments } from '../../engine/schema/load-fs';
import { validateSubmission } from '../../engine/schema/validate-submission';
import type { FormDocument } from '../../engine/schema/types';
import { actorOf } from '../auth/guards';
import { ApiError, forbidden } from '../http/envelope';

// Every form submission is validated against the same schemas/forms document
// the console renders (contract 6). The document for a call is found by its
// `method` and `endpoint` ({key} placeholders match one path segment and are
// part of the payload).

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

const cache = new Map<string, Entry[]>();

function entries(schemasDir: string): Entry[] {
  let list = cache.get(schemasDir);
  if (list) return list;
  list = [...loadDocuments(schemasDir).forms].map(([name, doc]) => {
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
  });
  cache.set(schemasDir, list);
  return list;
}

/** The form document for a call, if one names it. */
export function formFor(schemasDir: string, method: string, path: string) {
  for (const entry of entries(schemasDir)) {
    if (entry.method !== method) continue;
    const m = entry.pattern.exec(path);
    if (m) return { entry, params: Object.fromEntries(entry.keys.map((k, i) => [k, decodeURIComponent(m[i + 1])])) };
  }
  return undefined;
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
 * preHandler for a call a form submits: unknown fields and field errors
 * answer 422 with source per field; request.form holds the clean value.
 */
export function validateForm(schemasDir: string, optional = false) {
  return async (request: FastifyRequest) => {
    const path = request.url.split('?')[0].replace(/^\/api/, '');
    if (optional && !formFor(schemasDir, request.method, path)) return;
    request.form = checkForm(schemasDir, request, request.body);
  };
}

/** Session flags that form documents gate fields on, beside the role's permissions. */
function formPermissions(request: FastifyRequest): string[] {
  const actor = actorOf(request);
  const extra =
    actor.company.level === 1 && actor.permissions.has('create_companies')
      ? ['show_payment_control', 'default_theme']
      : [];
  return [...actor.permissions, ...extra];
}

/** Validates a payload (JSON body or multipart fields) against the call's form document. */
export function checkForm(schemasDir: string, request: FastifyRequest, payload: unknown): Record<string, unknown> {
  const path = request.url.split('?')[0].replace(/^\/api/, '');
  const found = formFor(schemasDir, request.method, path);
  if (!found) throw new Error(`No form document for ${request.method} ${path}`);
  const body = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const accepted = acceptedKeys(found.entry.doc);
  const unknown = Object.keys(body).filter((k) => !accepted.has(k));
  if (unknown.length) {
    throw new ApiError(
      422,
      unknown.map((k) => ({ code: 'VALIDATION_ERROR', message: `The ${k} field is not allowed.`, source: k })),
    );
  }
  const result = validateSubmission(
    found.entry.doc,
    { ...body, ...found.params },
    { permissions: formPermissions(request) },
  );
  if (result.errors.some((e) => e.code === 'FORBIDDEN')) throw forbidden();
  if (!result.ok) {
    throw new ApiError(
      422,
      result.errors.map((e) => ({ code: e.code, message: e.message, source: e.source || null })),
    );
  }
  return result.value as Record<string, unknown>;
}
