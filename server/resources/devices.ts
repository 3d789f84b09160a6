import type { FastifyInstance } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { notFound, ok } from '../http/envelope';
import { csvStream } from '../http/csv-export';
import { deviceListSpec } from './devices-list';
import { itemFinder, listRoute } from './list-route';

// Devices: list (the global search source too) and a single device.

export default async function devices(app: FastifyInstance) {
  const { ctx } = app;
  listRoute(app, '/devices', 'view_devices', (actor) => deviceListSpec(ctx, actor));

  // The devices of the current filtered list as CSV, every page, streamed (RMS API GET /devices/export/csv).
  app.get('/devices/export/csv', { preHandler: requirePermission('view_devices') }, async (request, reply) => {
    const spec = deviceListSpec(ctx, actorOf(request));
    // Before the headers: a bad query is answered in the JSON envelope.
    const csv = await csvStream(spec, request.query as Record<string, unknown>);
    const stamp = ctx.now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="devices-${stamp}.csv"`)
      .send(csv);
  });

  const find = itemFinder(app, (actor) => deviceListSpec(ctx, actor));
  app.get('/devices/:id', { preHandler: requirePermission('view_devices') }, async (request) => {
    const id = Number((request.params as { id: string }).id);
    if (!Number.isInteger(id)) throw notFound('Device not found.');
    const { fields } = request.query as { fields?: unknown };
    const device = await find(request, { fields, id: String(id) });
    if (!device) throw notFound('Device not found.');
    return ok(device);
  });
}
