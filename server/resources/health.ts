import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { failure } from '../http/envelope';

// GET /api/health: liveness (the process answers). GET /api/ready:
// readiness, for a load balancer: the database answers a query and, when
// REDIS_URL is set, Redis answers PING, each within a second; else 503.
// Like every GET under /api they set the XSRF-TOKEN cookie when absent.

const CHECK_TIMEOUT_MS = 1000;

async function within(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS)));
  try {
    return await Promise.race([check().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export default async function health(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/health', async () => ({ success: true, data: { status: 'ok', version: '5.4.1' } }));
  app.get('/ready', async (_request, reply) => {
    const redis = ctx.redis;
    const checks: Record<string, boolean> = { database: await within(() => sql`select 1`.execute(ctx.db)) };
    if (redis) checks.redis = await within(() => redis.client.ping());
    const down = Object.keys(checks).filter((name) => !checks[name]);
    reply.header('cache-control', 'no-store');
    if (!down.length) return { success: true, data: { status: 'ready', checks } };
    const message = `Not ready: ${down.join(' and ')} unreachable.`;
    return reply.status(503).send(failure([{ code: 'NOT_READY', message, source: null }], { checks }));
  });
}
