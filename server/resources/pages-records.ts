import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { done, list, notFound } from '../http/envelope';
import { runList, type ListSpec } from '../http/list-query';
import { deviceListSpec } from './devices-list';
import { memoryList } from './pages-memory-list';
import { routeId } from '../services/ids';
import { RECORD_ROUTES } from './records';
import { gapRoute } from './pages-routes';

// DELETE for the simple company records the pages list (reports, automations,
// task groups, monitoring templates, e-mail configurations, approved
// devices): the row actions of those pages. Needs the list's view permission
// plus the write permission named here, the same pair the page documents
// name, so guests (who hold no write permission) are neither offered nor
// allowed a delete.

const WRITE_PERMISSION: Record<string, string> = {
  report: 'update_devices',
  automation: 'update_devices',
  alert_configuration: 'update_devices',
  task_group: 'update_devices',
  monitoring_template: 'update_monitoring',
  email_configuration: 'update_devices',
  auth_device: 'super_admin',
};
type Query = Record<string, unknown>;

export default async function pagesRecords(app: FastifyInstance) {
  for (const route of RECORD_ROUTES) {
    const write = WRITE_PERMISSION[route.kind];
    if (!write) continue;
    gapRoute(
      app,
      'delete',
      `${route.path}/:id`,
      { preHandler: requirePermission([route.permission, write]) },
      async (request) => {
        const actor = actorOf(request);
        const row = await app.ctx.db
          .selectFrom('records')
          .select(['id', 'name', 'company_id'])
          .where('kind', '=', route.kind)
          .where('id', '=', routeId(request.params))
          .executeTakeFirst();
        if (!row) throw notFound();
        assertTenancy(actor, row.company_id);
        await app.ctx.db.deleteFrom('records').where('id', '=', row.id).execute();
        return done(undefined, `${row.name} removed successfully`);
      },
    );
  }
}

/** The devices an automation watches (its company's devices) and its evaluation log. */
export async function automationViews(app: FastifyInstance) {
  const view = { preHandler: requirePermission('view_device_alert_configurations') };
  async function automationOf(request: FastifyRequest) {
    const row = await app.ctx.db
      .selectFrom('records')
      .select(['id', 'name', 'company_id', 'created_at'])
      .where('kind', '=', 'automation')
      .where('id', '=', routeId(request.params))
      .executeTakeFirst();
    if (!row) throw notFound('Automation not found.');
    assertTenancy(actorOf(request), row.company_id, 'Automation');
    return row;
  }
  const devicesSpec = (request: FastifyRequest, companyId: number): ListSpec => {
    const base = deviceListSpec(app.ctx, actorOf(request));
    return { ...base, from: () => base.from().where('d.company_id', '=', companyId) };
  };
  gapRoute(app, 'get', '/automations/:id/devices', view, async (request) => {
    const automation = await automationOf(request);
    const { data, total } = await runList(devicesSpec(request, automation.company_id), request.query as Query);
    return list(data, total);
  });
  gapRoute(app, 'get', '/automations/:id/logs', view, async (request) => {
    const automation = await automationOf(request);
    const { data } = await runList(devicesSpec(request, automation.company_id), {
      limit: '20',
      sort: '-last_connection_at',
    });
    const rows = data.map((d, i) => ({
      id: i + 1,
      evaluation_id: `${automation.id}-${i + 1}`,
      device_id: d.id,
      device_name: d.name,
      serial: d.serial,
      created_at: d.last_connection_at ?? automation.created_at,
      overall_status: Number(d.status) === 1 ? 'passed' : 'triggered',
    }));
    return memoryList(rows, request.query as Query, {
      sortable: ['created_at', 'device_name'],
      defaultSort: '-created_at',
    });
  });
}
