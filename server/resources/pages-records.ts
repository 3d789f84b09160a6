import type { FastifyInstance } from 'fastify';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { done, notFound } from '../http/envelope';
import { routeId } from '../services/ids';
import { RECORD_ROUTES } from './records';
import { gapRoute } from './pages-routes';

// DELETE for the simple company records the pages list (reports, automations,
// task groups, monitoring templates, e-mail configurations, approved
// devices): the row actions of those pages. Needs the list's view permission
// plus the write permission named here.

const WRITE_PERMISSION: Record<string, string> = {
  report: 'view_reports',
  automation: 'view_device_alert_configurations',
  alert_configuration: 'view_device_alert_configurations',
  task_group: 'view_device_task_groups',
  monitoring_template: 'update_monitoring',
  email_configuration: 'view_device_alert_configurations',
  auth_device: 'super_admin',
};
/** Roles that only look (guests) never write, whatever view permission they hold. */
const READ_ONLY_ROLES = ['readonly_admin', 'read_only'];

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
        if (READ_ONLY_ROLES.includes(actor.role.name)) throw notFound();
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
