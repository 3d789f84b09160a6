import type { FastifyInstance } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { done } from '../http/envelope';
import { routeId } from '../services/ids';
import { RECORD_ROUTES } from './records';
import { gapRoute } from './pages-routes';
import { recordOf } from './record-of';

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
        const row = await recordOf(app.ctx.db, actor, route.kind, routeId(request.params));
        await app.ctx.db.deleteFrom('records').where('id', '=', row.id).execute();
        return done(undefined, `${row.name} removed successfully`);
      },
    );
  }
}
