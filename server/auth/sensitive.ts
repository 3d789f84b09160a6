import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { requirePermission } from './guards';
import { extractMfaFields, requireMfa } from './mfa';
import { requirePasswordConfirmation } from './password-confirmation';
import { checkFormItems, validateForm } from '../forms/validate';

// Route options for writes: permission, then the form document's validation,
// then password confirmation (423), then multi-factor (MFA_REQUIRED), in
// that order, so that field errors come before any challenge.

export interface GuardOptions {
  permission?: string | string[];
  mode?: 'every' | 'some';
  /** Validate the body against the published form document naming this call. */
  form?: boolean | 'optional';
  /**
   * Fields the route's body schema checks, left out of the form's check (the OpenAPI's spelling beside the form's).
   * With an optional form, a body of these fields alone is a partial update the form does not check; an empty body
   * is checked whole.
   */
  formOmits?: string[];
  /**
   * A body of this one field, a list, is the RMS API's list of what the form submits one of: each item is checked
   * against the form (errors under `key.N`) and request.form is `{ [key]: the checked items }`.
   */
  formItems?: string;
  /**
   * The vendor's value of a field the OpenAPI leaves optional and the form requires (the caller's company, a
   * name made from the moment): a body without the field is checked, and taken, as if it said this.
   */
  formDefaults?: (request: FastifyRequest) => Record<string, unknown>;
  /** HTTP 423 until POST /password-confirmation (15 minutes). */
  password?: boolean;
  /** MFA_REQUIRED for users with multi-factor. */
  mfa?: boolean;
}

export function guard(app: FastifyInstance, options: GuardOptions) {
  const preHandler: preHandlerAsyncHookHandler[] = [];
  if (options.permission) preHandler.push(requirePermission(options.permission, options.mode));
  if (options.form) {
    const { formOmits: omits = [], formDefaults } = options;
    const payloadOf = (request: FastifyRequest) => {
      const { body } = request;
      // A body that is no object is checked as sent (refused whole), never given defaults.
      if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
      const sent = Object.fromEntries(Object.entries(body).filter(([k]) => !omits.includes(k)));
      return formDefaults ? { ...formDefaults(request), ...sent } : sent;
    };
    const sentBeyond = (request: FastifyRequest) =>
      Boolean(
        request.body && typeof request.body === 'object' && Object.keys(request.body).some((k) => omits.includes(k)),
      );
    const validate = validateForm(
      app.ctx.documents,
      options.form === 'optional',
      omits.length || formDefaults ? payloadOf : undefined,
      omits.length ? sentBeyond : undefined,
    );
    const check =
      omits.length && options.form === 'optional'
        ? async (request: FastifyRequest) => {
            const body = request.body;
            const sent = body && typeof body === 'object' ? Object.keys(body) : [];
            if (!sent.length || sent.some((key) => !omits.includes(key))) await validate(request);
          }
        : validate;
    const { formItems: key } = options;
    preHandler.push(
      key
        ? async (request) => {
            const items = listBody(request.body, key);
            if (!items) return check(request);
            request.form = { [key]: await checkFormItems(app.ctx.documents, request, key, items) };
          }
        : check,
    );
  }
  if (options.password) preHandler.push(requirePasswordConfirmation(app.ctx));
  if (options.mfa) preHandler.push(requireMfa(app));
  return {
    ...(options.mfa
      ? { preValidation: async (request: Parameters<typeof extractMfaFields>[0]) => extractMfaFields(request) }
      : {}),
    preHandler,
  };
}

/** The list of a body that is `{ [key]: [...] }` and nothing else. */
function listBody(body: unknown, key: string): unknown[] | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const entries = Object.entries(body);
  return entries.length === 1 && entries[0][0] === key && Array.isArray(entries[0][1]) ? entries[0][1] : undefined;
}
