import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { requirePermission } from './guards';
import { extractMfaFields, requireMfa } from './mfa';
import { requirePasswordConfirmation } from './password-confirmation';
import { validateForm } from '../forms/validate';

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
  /** HTTP 423 until POST /password-confirmation (15 minutes). */
  password?: boolean;
  /** MFA_REQUIRED for users with multi-factor. */
  mfa?: boolean;
}

export function guard(app: FastifyInstance, options: GuardOptions) {
  const preHandler: preHandlerAsyncHookHandler[] = [];
  if (options.permission) preHandler.push(requirePermission(options.permission, options.mode));
  if (options.form) {
    const { formOmits: omits = [] } = options;
    const payloadOf = (request: FastifyRequest) =>
      Object.fromEntries(Object.entries(request.body as Record<string, unknown>).filter(([k]) => !omits.includes(k)));
    const validate = validateForm(app.ctx.documents, options.form === 'optional', omits.length ? payloadOf : undefined);
    preHandler.push(
      omits.length && options.form === 'optional'
        ? async (request) => {
            const body = request.body;
            const sent = body && typeof body === 'object' ? Object.keys(body) : [];
            if (!sent.length || sent.some((key) => !omits.includes(key))) await validate(request);
          }
        : validate,
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
