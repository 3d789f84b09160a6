import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

// Security headers on every response (@fastify/helmet) and compression of
// dynamic responses (@fastify/compress; built files arrive precompressed).
//
// The Content-Security-Policy allows scripts from this origin only: no
// inline script, no 'unsafe-eval' (the console compiles no code at run
// time), no framing by another site (frame-ancestors 'none'). Styles allow
// 'unsafe-inline' for the style attributes the components set; sockets
// connect to this origin ('self' covers ws: and wss: of it).
//
// Enforced: field values are checked by the engine's own interpreter
// (engine/validators), never by generated code, so no page needs 'unsafe-eval'.

export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
};

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Served over plain HTTP on loopback too: HSTS and upgrade belong to the TLS proxy in front.
    strictTransportSecurity: false,
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
}
