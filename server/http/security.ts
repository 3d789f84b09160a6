import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
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

/**
 * The API docs page's policy (swagger-ui at /api/docs, which sets its own header on its routes): the console's,
 * with styles from this origin plus the one inline `<style>` swagger-ui draws, the topbar logo's, allowed by its
 * hash. Without it the browser blocks that style and logs a Content-Security-Policy error on every visit; no
 * 'unsafe-inline' (swagger-ui sets the rest of its styles through the DOM, which style-src does not govern).
 */
export const SWAGGER_LOGO_STYLE_HASH = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";
export const DOCS_CONTENT_SECURITY_POLICY: typeof CONTENT_SECURITY_POLICY = {
  ...CONTENT_SECURITY_POLICY,
  'style-src': ["'self'", SWAGGER_LOGO_STYLE_HASH],
};

/** The response headers a Fastify instance sets on a bare answer after `setup`. */
async function headersAfter(setup: (probe: FastifyInstance) => Promise<void>) {
  const probe = Fastify();
  await setup(probe);
  probe.get('/', async () => '');
  const { headers } = await probe.inject('/');
  await probe.close();
  return headers;
}

/**
 * The headers helmet sets with these options, worked out once: they depend on no request (no nonces), and
 * @fastify/helmet builds helmet's whole middleware again for every request (about 4% of a device list call).
 */
async function helmetHeaders(options: Parameters<typeof helmet>[1]): Promise<Record<string, string>> {
  const bare = await headersAfter(async () => undefined);
  const secured = await headersAfter(async (probe) => void (await probe.register(helmet, options)));
  return Object.fromEntries(
    Object.entries(secured).flatMap(([name, value]) => (name in bare ? [] : [[name, String(value)]])),
  );
}

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const directives = contentSecurityPolicy(process.env.VITE_MAP_TILE_URL);
  const headers = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives },
    // Served over plain HTTP on loopback too: HSTS and upgrade belong to the TLS proxy in front.
    strictTransportSecurity: false,
    // The same as frame-ancestors 'none', for browsers that read only the older header.
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
}
