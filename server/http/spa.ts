import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from './envelope';

// Serves the built console (dist/) with SPA fallback. Files are served as
// they are; only navigation requests (a browser opening a console route:
// `Sec-Fetch-Mode: navigate` or an `Accept` naming text/html) for a path
// that is no file answer index.html. A missing file (anything under
// /assets/, or any other request such as a stale build's chunk) answers 404,
// so no cache or proxy ever stores HTML under a `.js` URL. Unknown /api (and /status)
// routes answer 404 in the envelope. `GET /` from a client that does not ask
// for HTML answers where the console and the API are.
//
// Production serving: the build writes brotli and gzip twins of every text
// file (vite.config.ts), sent when the browser accepts them; hashed files
// under /assets/ are cached for a year as immutable, everything else
// (index.html, the version worker, the offline page) is revalidated on every
// use (no-cache). Source maps are never served.

const HASHED = /(^|[/\\])assets[/\\][^/\\]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The Cache-Control of a file of the build: immutable when its name carries a content hash. */
export function cacheControlFor(file: string): string {
  return HASHED.test(file) ? IMMUTABLE : 'no-cache';
}

const isSourceMap = (pathname: string) => /\.map$/i.test(pathname);

/** Whether the request is a browser navigation to a console route (not a script, style or data fetch). */
export function isNavigation(request: Pick<FastifyRequest, 'headers'>, pathname: string): boolean {
  if (pathname === '/assets' || pathname.startsWith('/assets/')) return false;
  if (request.headers['sec-fetch-mode'] === 'navigate') return true;
  return /\btext\/html\b/i.test(String(request.headers.accept ?? ''));
}

const ROOT_LINKS = { health: '/api/health', openapi: '/api/openapi.json', docs: '/api/docs' };

/**
 * `GET /` from a client that does not ask for HTML (curl, a probe): where the console and the API are, as text, or
 * in the envelope when JSON is asked for, instead of a bare 404.
 */
function answerRoot(request: FastifyRequest, reply: FastifyReply, hasDist: boolean) {
  const consoleAt = hasDist ? '/' : null;
  reply.header('cache-control', 'no-store');
  if (/\bapplication\/json\b/i.test(String(request.headers.accept ?? ''))) {
    return reply
      .type('application/json; charset=utf-8')
      .send({ success: true, data: { console: consoleAt, ...ROOT_LINKS } });
  }
  const consoleLine = hasDist
    ? 'Console: open / in a browser.'
    : 'Console: not served here (no build in DIST_DIR; npm run build).';
  return reply
    .type('text/plain; charset=utf-8')
    .send(
      `Fleet Console\n${consoleLine}\nAPI: /api (health: ${ROOT_LINKS.health}, OpenAPI: ${ROOT_LINKS.openapi}, docs: ${ROOT_LINKS.docs})\n`,
    );
}

export async function registerSpa(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const root = distDir ? path.resolve(distDir) : undefined;
  const index = root ? path.join(root, 'index.html') : undefined;
  const hasDist = Boolean(index && fs.existsSync(index));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: root!,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
      allowedPath: (pathname) => !isSourceMap(pathname),
      setHeaders: (res, file) => {
        res.setHeader('cache-control', cacheControlFor(file));
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
      if (!hasDist || !isNavigation(request, pathname)) return answerRoot(request, reply, hasDist);
    }
    const apiScope = ['/api', '/status'].some((base) => pathname === base || pathname.startsWith(`${base}/`));
    if (apiScope || request.method !== 'GET' || !hasDist) {
      return reply
        .status(404)
        .send(
          failure([{ code: 'NOT_FOUND', message: `Route ${request.method} ${pathname} not found.`, source: null }]),
        );
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return reply.status(400).type('text/plain; charset=utf-8').send('Bad request');
    }
    const file = path.join(root!, path.normalize(decoded).replace(/^([/\\])+/, ''));
    const servable = file.startsWith(root! + path.sep) && !isSourceMap(file);
    if (servable && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(root!, file));
    }
    if (!isNavigation(request, pathname)) {
      return reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
    }
    return reply.sendFile('index.html');
  });
}
