import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { tileSource } from '../../engine/device/map';

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

/**
 * The policy for a deployment: a map tile server set with VITE_MAP_TILE_URL (the
 * console's build setting) may serve images; nothing else leaves the origin.
 */
export function contentSecurityPolicy(tileUrl: string | undefined): typeof CONTENT_SECURITY_POLICY {
  const tiles = tileSource(tileUrl);
  if (!tiles || tiles.startsWith('/')) return CONTENT_SECURITY_POLICY;
  const origin = new URL(tiles.replace(/\{[a-z]\}/g, '0')).origin;
  return { ...CONTENT_SECURITY_POLICY, 'img-src': [...CONTENT_SECURITY_POLICY['img-src'], origin] };
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const directives = contentSecurityPolicy(process.env.VITE_MAP_TILE_URL);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    // Served over plain HTTP on loopback too: HSTS and upgrade belong to the TLS proxy in front.
    strictTransportSecurity: false,
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
}
