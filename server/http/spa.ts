import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { failure } from './envelope';

// Serves the built console (dist/) with SPA fallback: any GET outside /api
// and /socket.io that is not a file answers index.html. Unknown /api routes
// answer 404 in the envelope.

export async function registerSpa(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const root = distDir ? path.resolve(distDir) : undefined;
  const index = root ? path.join(root, 'index.html') : undefined;
  const hasDist = Boolean(index && fs.existsSync(index));
  if (hasDist) {
    await app.register(fastifyStatic, { root: root!, wildcard: false, index: false, cacheControl: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname === '/api' || request.method !== 'GET' || !hasDist) {
      return reply
        .status(404)
        .send(
          failure([{ code: 'NOT_FOUND', message: `Route ${request.method} ${pathname} not found.`, source: null }]),
        );
    }
    const file = path.join(root!, path.normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, ''));
    if (file.startsWith(root! + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(root!, file));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
