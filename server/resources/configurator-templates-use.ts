import type { FastifyInstance } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { assertDevicesInScope, bulkDeviceIds, startBulk } from '../services/bulk';
import { templateRequests } from '../services/configurator-template';
import { routeId } from '../services/ids';
import { recordOf } from './record-of';

// POST /devices/configurator/templates/{id}/use of the RMS API: a template
// of the caller's companies applied to devices of the caller's companies
// ({device_id: [...]}). The call answers {success, meta: {channel}} at once;
// a bulk job writes the template's requests to each device's configuration
// (server/services/configurator-template.ts) and reports on the channel.

export default async function configuratorTemplatesUse(app: FastifyInstance) {
  const { ctx } = app;
  const preHandler = requirePermission('create_multi_configuration');
  app.post('/devices/configurator/templates/:id/use', { preHandler }, async (request) => {
    const actor = actorOf(request);
    const template = await recordOf(ctx.db, actor, 'configurator_template', routeId(request.params), 'Template');
    const ids = bulkDeviceIds(request.body);
    await assertDevicesInScope(ctx, actor, ids);
    const work = { kind: 'template', name: template.name, requests: templateRequests(template.details) } as const;
    const channel = await startBulk(ctx, actor, ids, work);
    return { success: true, meta: { channel } };
  });
}
