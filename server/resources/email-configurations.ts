import type { FastifyInstance } from 'fastify';
import { actorOf, requirePermission } from '../auth/guards';
import { done } from '../http/envelope';
import { routeId } from '../services/ids';
import { recordOf } from './record-of';

// PUT /email-configurations/{id} of the RMS API: some fields of an SMTP
// configuration of the caller's companies changed, with the limits of the
// new-configuration form; the password is not kept (as on create), only
// that one is set.

const text = { type: 'string', minLength: 1, maxLength: 255, pattern: '\\S' } as const;
const BODY = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name: text,
    host: text,
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    email: { type: 'string', format: 'email', maxLength: 254 },
    // A server that takes mail without signing in has no username: an empty one clears it.
    username: { type: 'string', maxLength: 255, pattern: '^$|\\S' },
    password: { type: 'string', minLength: 1, maxLength: 255 },
  },
} as const;

export default async function emailConfigurations(app: FastifyInstance) {
  const { db } = app.ctx;
  const options = {
    // The permission comes before the body schema, so a caller without it learns nothing of the rules.
    preValidation: requirePermission(['view_device_alert_configurations', 'update_devices']),
    schema: { body: BODY },
  };
  app.put('/email-configurations/:id', options, async (request) => {
    const id = routeId(request.params);
    const record = await recordOf(db, actorOf(request), 'email_configuration', id, 'Email configuration');
    const { name, password, ...fields } = request.body as Record<string, unknown> & { name?: string };
    const details = {
      ...(JSON.parse(record.details) as object),
      ...fields,
      ...(password !== undefined ? { password_set: true } : {}),
    };
    await db
      .updateTable('records')
      .set({ name: name?.trim() ?? record.name, details: JSON.stringify(details) })
      .where('id', '=', id)
      .execute();
    return done(undefined, 'Email configuration updated successfully');
  });
}
