import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config';
import { redactUrl, serializeRequest } from './redact';

// Request logging (pino through Fastify): one line per request with its id,
// which every response names in X-Request-Id; secrets never reach the log —
// cookies, the authorization and anti-forgery headers, Set-Cookie, and the
// values of query parameters that carry passwords, codes or tokens
// (`?session_code=…` of MFA-confirmed deletes). Every 5xx is logged at error
// level with its request id (LOG_LEVEL info, the default, or anything but
// fatal and silent keeps them).

/** Where log lines go instead of stdout (tests). */
export interface LogStream {
  write(line: string): void;
}

export function loggerOptions(level: LogLevel, stream?: LogStream): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  return {
    genReqId: () => randomUUID(),
    logger: {
      level,
      stream,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'req.headers["x-xsrf-token"]',
          'res.headers["set-cookie"]',
          'headers.cookie',
          'headers.authorization',
        ],
        censor: '[redacted]',
      },
      serializers: { req: serializeRequest },
    },
  };
}

export function registerRequestLogging(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode < 500) return;
    request.log.error(
      { method: request.method, url: redactUrl(request.url), status: reply.statusCode },
      'server error response',
    );
  });
}
