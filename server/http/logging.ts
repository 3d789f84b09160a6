import { randomUUID } from 'node:crypto';
import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { LogLevel } from '../config';
import { redactUrl, serializeRequest } from './redact';

// Request logging (pino through Fastify): one line per request, written when
// it is answered (method, redacted URL, status, response time, the caller's
// address and user id, and the request id, which every response names in
// X-Request-Id), to stdout through an asynchronous destination (pino flushes
// it on exit): Fastify's own two lines per request written synchronously
// cost 49% more CPU per list call (issue 31). Secrets never reach the log —
// cookies, the authorization and anti-forgery headers, Set-Cookie, and the
// values of query parameters that carry passwords, codes or tokens
// (`?session_code=…` of MFA-confirmed deletes). Every 5xx is logged at error
// level with its request id (LOG_LEVEL info, the default, or anything but
// fatal and silent keeps them).

/** Where log lines go instead of stdout (tests). */
export interface LogStream {
  write(line: string): void;
}

export function loggerOptions(
  level: LogLevel,
  stream?: LogStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'logController'> {
  return {
    genReqId: () => randomUUID(),
    // Fastify's own lines (incoming, completed) off: registerRequestLogging writes the one line.
    logController: new LogController({ disableRequestLogging: true }),
    logger: {
      level,
      stream: stream ?? (level === 'silent' ? undefined : pino.destination({ dest: 1, sync: false })),
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
    if (reply.statusCode < 500) {
      request.log.info(
        {
          method: request.method,
          url: redactUrl(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          remoteAddress: request.ip,
          user: request.actor?.user.id,
        },
        'request',
      );
      return;
    }
    request.log.error(
      { method: request.method, url: redactUrl(request.url), status: reply.statusCode },
      'server error response',
    );
  });
}
