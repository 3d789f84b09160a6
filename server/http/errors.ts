import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NoResultError } from 'kysely';
import { ApiError, failure } from './envelope';

// One error handler: everything leaves in the error envelope, never with a
// stack or internal detail. Errors the framework answers before routing (a
// malformed URL such as /api/%ZZ, an over-long parameter) take the same path
// through frameworkErrors.

const byStatus: Record<number, [string, string]> = {
  400: ['BAD_REQUEST', 'The request could not be understood.'],
  401: ['UNAUTHORIZED', 'Unauthenticated.'],
  403: ['FORBIDDEN', 'You do not have permission to perform this action.'],
  404: ['NOT_FOUND', 'Resource not found.'],
  405: ['METHOD_NOT_ALLOWED', 'Method not allowed.'],
  406: ['NOT_ACCEPTABLE', 'Not acceptable.'],
  413: ['PAYLOAD_TOO_LARGE', 'The request body is too large.'],
  414: ['URI_TOO_LONG', 'The request URL is too long.'],
  415: ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type.'],
  429: ['TOO_MANY_REQUESTS', 'Too many requests. Try again later.'],
};

/**
 * A value PostgreSQL refuses for a column's type (SQLSTATE class 22: text for
 * an integer, out of range, a NUL character) came from the request.
 */
const isDataException = (error: { code?: string }) =>
  'severity' in error && typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);

export const MALFORMED_URL = 'The request URL is malformed.';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(failure(error.errors, error.meta));
    }
    const fe = error as FastifyError;
    if (fe.validation) {
      const errors = fe.validation.map((v) => {
        const path = (v.instancePath || '').replace(/^\//, '').replaceAll('/', '.');
        const missing = (v.params as { missingProperty?: string })?.missingProperty;
        const extra = (v.params as { additionalProperty?: string })?.additionalProperty;
        const source = [path, missing ?? extra].filter(Boolean).join('.') || null;
        const message = extra ? `The ${extra} field is not allowed.` : `The ${source ?? 'request'} ${v.message}.`;
        return { code: 'VALIDATION_ERROR', message, source };
      });
      return reply.status(422).send(failure(errors));
    }
    // A record that vanished between the check and the read is not there.
    if (error instanceof NoResultError) {
      return reply.status(404).send(failure([{ code: 'NOT_FOUND', message: 'Resource not found.', source: null }]));
    }
    let status = fe.statusCode && fe.statusCode >= 400 ? fe.statusCode : 500;
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe instanceof SyntaxError) status = 400;
    if (isDataException(fe)) status = 400;
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.code === 'FST_REQ_FILE_TOO_LARGE') status = 413;
    if (status >= 500) request.log.error({ err: { message: fe.message, code: fe.code } }, 'request failed');
    const [code, message] = byStatus[status] ?? ['SERVER_ERROR', 'Server error'];
    const detail = status === 400 && fe.code?.startsWith('FST_ERR_CTP') ? 'Malformed JSON in request body.' : message;
    return reply.status(status).send(failure([{ code, message: status === 400 ? detail : message, source: null }]));
  });
}

/** Fastify's frameworkErrors option: errors raised before a route runs, in the envelope. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message = status === 400 ? MALFORMED_URL : byStatus[414][1];
  void reply.status(status).send(failure([{ code: byStatus[status][0], message, source: 'url' }]));
}
