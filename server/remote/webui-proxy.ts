import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieChanges, memoryJars, redisJars, type Jar } from './cookie-jars';
import { isRefusal, linkFor, recordUse, type Link } from './links';

// The device's web interface (WebUI / LAN WebUI entries) through the console:
// WEBUI_PATH/<link key>/<path on the device> on the console's origin. The key
// names the session and so the entry; each request goes to that entry's
// address and port and nowhere else, while the session is open.
//
// The proxied pages are the device's, not the console's: they are served
// sandboxed (Content-Security-Policy: sandbox, without allow-same-origin), so
// they run in an opaque origin and reach neither the console's cookies nor,
// with them, its API. The key in the path is therefore the session's
// capability here, like a shared SSH link, and no Referer carries it away.
// The device's cookies never reach the browser: the proxy keeps them for the
// session (a jar per session, dropped when the session ends, shared by the
// instances over Redis: ./cookie-jars.ts) and sends them
// back to the device. Its redirects and the root-relative and absolute links
// of its HTML pages are rewritten into the session's path; the console's
// cookies and credentials are never sent to the device.

export const WEBUI_PATH = '/rms-connect/webui';
const WEBUI_PROTOCOLS = ['http', 'https'] as const;
const TIMEOUT_MS = 15_000;
/** HTML pages larger than this are passed through without rewriting their links. */
const REWRITE_LIMIT = 4 * 1024 * 1024;
const SANDBOX =
  "sandbox allow-forms allow-scripts allow-popups allow-modals allow-downloads; frame-ancestors 'none'; base-uri 'none'";
/** Request headers passed to the device (never cookies, credentials or the console's own). */
const TO_DEVICE = ['accept', 'accept-language', 'content-type', 'content-length', 'user-agent', 'if-none-match'];
/** Response headers passed to the browser. */
const TO_BROWSER = ['content-type', 'cache-control', 'etag', 'last-modified', 'content-disposition', 'expires'];

/** The session path of a link key. */
export const webUiPath = (key: string) => `${WEBUI_PATH}/${encodeURIComponent(key)}/`;

/** A device URL (absolute on the device's origin, or root-relative) inside the session path; others unchanged. */
export function intoSession(location: string, deviceOrigins: readonly string[], base: string): string {
  for (const origin of deviceOrigins) {
    if (location === origin) return base;
    if (location.startsWith(`${origin}/`)) return base + location.slice(origin.length + 1);
  }
  if (location.startsWith('/') && !location.startsWith('//')) return base + location.slice(1);
  return location;
}

/** An HTML page's links (href, src, action) and the device's own origins moved into the session path. */
export function rewriteHtml(html: string, deviceOrigins: readonly string[], base: string): string {
  return html.replace(
    /(\s(?:href|src|action|formaction)\s*=\s*)(["'])([^"']*)\2/gi,
    (_all, attribute: string, quote: string, url: string) =>
      `${attribute}${quote}${intoSession(url, deviceOrigins, base)}${quote}`,
  );
}

function forwardHeaders(request: FastifyRequest, link: Link, jar: Jar): Record<string, string> {
  const headers: Record<string, string> = { host: `${link.host}:${link.port}` };
  for (const name of TO_DEVICE) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  if (jar.size) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return headers;
}

function browserHeaders(from: IncomingHttpHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of TO_BROWSER) {
    const value = from[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

const readAll = (stream: IncomingMessage, limit: number) =>
  new Promise<Buffer | null>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    stream.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : null));
    stream.on('error', reject);
  });

function plainPage(reply: FastifyReply, status: number, text: string) {
  return reply
    .status(status)
    .header('content-security-policy', SANDBOX)
    .header('content-type', 'text/plain; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(text);
}

export default async function webUiProxy(app: FastifyInstance) {
  const { ctx } = app;
  /** The device cookies of each session, shared by the instances over Redis. */
  const jars = ctx.redis ? redisJars(ctx.redis) : memoryJars();
  /** The sessions this instance forgets the cookies of when they end. */
  const tracked = new Set<number>();

  function track(link: Link) {
    if (tracked.has(link.historyId)) return;
    tracked.add(link.historyId);
    const untrack = ctx.remote.track({
      historyId: link.historyId,
      sessionId: null,
      expiresAt: link.expiresAt,
      end: () => {
        tracked.delete(link.historyId);
        void jars.drop(link.historyId).catch(() => undefined);
        untrack();
      },
    });
  }

  // Bodies go to the device as they arrive, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.get(`${WEBUI_PATH}/:key`, async (request, reply) =>
    reply.redirect(webUiPath((request.params as { key: string }).key)),
  );

  app.all(`${WEBUI_PATH}/:key/*`, async (request, reply) => {
    const { key } = request.params as { key: string };
    const link = await linkFor(ctx, key, null, WEBUI_PROTOCOLS).catch(() => null);
    reply.header('referrer-policy', 'no-referrer');
    if (!link || isRefusal(link)) return plainPage(reply, 404, 'The link is invalid or has expired.');
    if (!(WEBUI_PROTOCOLS as readonly string[]).includes(link.protocol))
      return plainPage(reply, 404, 'The link opens another kind of connection.');
    const base = webUiPath(key);
    const rest = request.url.slice(request.url.indexOf('/', WEBUI_PATH.length + 1) + 1);
    track(link);
    const jar = await jars.load(link.historyId);
    const scheme = link.protocol === 'https' ? 'https' : 'http';
    const origins = [`${scheme}://${link.host}:${link.port}`, `${scheme}://${link.host}`];
    const send = scheme === 'https' ? httpsRequest : httpRequest;
    const body = ['GET', 'HEAD'].includes(request.method) ? null : (request.body as NodeJS.ReadableStream | undefined);
    let sent = 0;
    const answer = await new Promise<IncomingMessage | Error>((resolve) => {
      const outgoing = send(
        {
          host: link.host,
          port: link.port,
          method: request.method,
          path: `/${rest}`,
          headers: forwardHeaders(request, link, jar),
          timeout: TIMEOUT_MS,
          // A router's certificate is its own (self-signed); the entry names the device.
          rejectUnauthorized: false,
        },
        resolve,
      );
      outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')));
      outgoing.on('error', resolve);
      if (body) {
        body.on('data', (chunk: Buffer) => (sent += chunk.length));
        body.pipe(outgoing);
      } else outgoing.end();
    });
    if (answer instanceof Error) return plainPage(reply, 502, `Could not connect to the device (${answer.message}).`);
    await jars.apply(link.historyId, cookieChanges(answer.headers['set-cookie']), link.expiresAt);
    reply
      .status(answer.statusCode ?? 502)
      .headers(browserHeaders(answer.headers))
      .header('content-security-policy', SANDBOX)
      .header('x-content-type-options', 'nosniff');
    const location = answer.headers.location;
    if (location) reply.header('location', intoSession(location, origins, base));
    const type = String(answer.headers['content-type'] ?? '');
    let received = 0;
    let payload: Buffer | IncomingMessage = answer;
    if (type.startsWith('text/html')) {
      const html = await readAll(answer, REWRITE_LIMIT);
      if (html) payload = Buffer.from(rewriteHtml(html.toString('utf8'), origins, base));
    }
    if (Buffer.isBuffer(payload)) received = payload.length;
    else answer.on('data', (chunk: Buffer) => (received += chunk.length));
    const log = () =>
      void recordUse(ctx, link.historyId, null, `webui ${request.method}`, `/${rest}`.slice(0, 500), {
        input: sent,
        output: received,
      }).catch(() => undefined);
    if (Buffer.isBuffer(payload)) log();
    else answer.once('end', log);
    return reply.send(payload);
  });
}
