import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, requirePermission } from '../auth/guards';
import { list } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';

/** Registers GET `path` answering a list envelope for a spec built per caller. */
export function listRoute(
  app: FastifyInstance,
  path: string,
  permission: string | string[],
  spec: (actor: Actor, request: FastifyRequest) => ListSpec,
  mode: 'every' | 'some' = 'every',
): void {
  app.get(path, { preHandler: requirePermission(permission, mode) }, async (request) => {
    const actor = actorOf(request);
    const { counts, version } = app.ctx;
    const cache = { get: (k: string) => counts.get(k), set: counts.set.bind(counts), version: version.value };
    const { data, total } = await runList(spec(actor, request), request.query as Record<string, unknown>, cache);
    return list(data, total);
  });
}
