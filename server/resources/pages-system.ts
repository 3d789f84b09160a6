import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, requirePermission, requireSession } from '../auth/guards';
import { list } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { CHANGELOG } from '../../fixtures/pages-changelog';
import { alertSpec } from './alerts';
import { memoryList } from './pages-memory-list';
import { gapRoute } from './pages-routes';

// Lists the console pages read that no resource plugin answers: changelog,
// alerts (offline devices).

type Query = Record<string, unknown>;
const queryOf = (request: FastifyRequest) => request.query as Query;

async function listOf(spec: ListSpec, query: Query) {
  const { data, total } = await runList(spec, query);
  return list(data, total);
}

export default async function pagesSystem(app: FastifyInstance) {
  gapRoute(app, 'get', '/changelog', { preHandler: requireSession }, async (request) =>
    memoryList(
      CHANGELOG.map((e) => ({ ...e })),
      queryOf(request),
      {
        search: ['version', 'summary'],
        sortable: ['version', 'released_at'],
        defaultSort: '-released_at',
      },
    ),
  );

  gapRoute(
    app,
    'get',
    '/alerts',
    { preHandler: requirePermission('view_device_alert_configurations') },
    async (request) => listOf(alertSpec(app.ctx, actorOf(request)), queryOf(request)),
  );
}
