import type { FastifyInstance } from 'fastify';

/** GET /api/health: liveness; like every GET under /api it sets the XSRF-TOKEN cookie when absent. */
export default async function health(app: FastifyInstance) {
  app.get('/health', async () => ({ success: true, data: { status: 'ok', version: '5.4.1' } }));
}
