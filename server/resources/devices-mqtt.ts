import { pageParams } from '../http/list-query';
import type { FastifyInstance } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { ApiError, list, ok } from '../http/envelope';
import { deviceInScope } from '../services/device-scope';
import { issueDeviceCredentials } from '../devices/credentials';
import '../db/types-devices';

// The device gateway's API (docs/devices-protocol.md): serials that answered
// on the broker without a device record, for an administrator to adopt
// (they belong to no company yet: only the top company's users who may add
// devices, and super admins, see them; adopting is the add-device flow with
// the serial), and
// a device's MQTT credentials: whether it has any, and new ones issued
// (rotated), the secret answered this once.

export default async function devicesMqtt(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get('/devices/discovered', { preHandler: requirePermission('create_devices') }, async (request) => {
    const actor = actorOf(request);
    if (actor.companyIds !== null && actor.company.parent_id !== null)
      throw ApiError.of(403, 'FORBIDDEN', 'Only the top company can see discovered devices.');
    const { limit, offset } = pageParams(request.query as Record<string, unknown>, { fallback: 100, max: 1000 });
    // A serial a device record took since is no longer waiting for adoption.
    const waiting = db
      .selectFrom('discovered_devices')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('devices').select('id').whereRef('devices.serial', '=', 'discovered_devices.serial'))),
      );
    const [data, { n }] = await Promise.all([
      waiting
        .select(['serial', 'type', 'first_seen_at', 'last_seen_at'])
        .orderBy('last_seen_at', 'desc')
        .orderBy('serial')
        .limit(limit)
        .offset(offset)
        .execute(),
      waiting.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return list(data, Number(n));
  });

  app.get('/devices/:id/mqtt-credentials', { preHandler: requirePermission('view_devices') }, async (request) => {
    const device = await deviceInScope(db, actorOf(request), request.params);
    const row = await db
      .selectFrom('device_credentials')
      .select('created_at')
      .where('device_id', '=', device.id)
      .executeTakeFirst();
    return ok({ username: device.serial, issued: Boolean(row), created_at: row?.created_at ?? null });
  });

  app.post('/devices/:id/mqtt-credentials', guard(app, { permission: 'update_devices' }), async (request, reply) => {
    const device = await deviceInScope(db, actorOf(request), request.params);
    const [issued] = await issueDeviceCredentials(db, [device.serial], app.ctx.now());
    // A device still connected with the old secret is dropped; it connects again with the new one.
    app.ctx.devices?.disconnect(device.serial);
    reply.header('cache-control', 'no-store');
    return ok({ username: issued.serial, password: issued.secret, created_at: issued.created_at });
  });
}
