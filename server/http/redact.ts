import type { FastifyRequest } from 'fastify';

// Secrets that may travel in a query string never reach the log: the MFA
// resubmission of a DELETE carries session_code and session_id in its query
// (forms spec §7). Used by the request log's `req` serializer.

/** Query parameters whose values are replaced in logs. */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'session_code',
  'session_id',
  'session_uuid',
  'code',
  'password',
  'token',
  'access_token',
  'refresh_token',
  'key',
]);

const CENSOR = '[redacted]';

/** The URL with the values of secret query parameters replaced (matched on the decoded name). */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const hash = url.indexOf('#', query);
  const end = hash < 0 ? url.length : hash;
  const pairs = url
    .slice(query + 1, end)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        name = rawName;
      }
      return SECRET_QUERY_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=${CENSOR}` : pair;
    });
  return `${url.slice(0, query)}?${pairs.join('&')}${url.slice(end)}`;
}

/** pino `req` serializer for Fastify's logger: the default fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
