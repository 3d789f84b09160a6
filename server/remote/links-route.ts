import type { FastifyInstance } from 'fastify';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { forbidden, notFound, ok } from '../http/envelope';
import { openSession, typeOf } from '../resources/remote-connect';
import { isRefusal, linkFor, type Link, type Refusal } from './links';
import { END_CODES } from './registry';

// GET /remote/links/{key}: what an rms-connect page shows before it
// connects: the entry's name, device and protocol, when the session ends, and
// whether the user must enter the device's credentials. Never the address
// or the credentials themselves.
//
// POST /remote/links {remote_access_id, duration}: the console's Connect: the
// same session as POST /devices/connect/{id} (manage_remote_access, tenancy),
// its link answered at once instead of on an action channel.

const ALL = ['ssh', 'telnet', 'sftp', 'vnc', 'rdp', 'http', 'https'];

/** The refusal as an API error (a 404 for a bad or ended key, a 403 for a key the caller may not use). */
export function refused(refusal: Refusal) {
  return refusal.code === END_CODES.forbidden ? forbidden(refusal.message) : notFound(refusal.message);
}

export function credentialsOf(link: Link): 'stored' | 'ask' | 'device' {
  if (link.protocol === 'telnet' || link.protocol === 'vnc' || link.protocol.startsWith('http')) return 'device';
  return link.username ? 'stored' : 'ask';
}

const OPEN_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['remote_access_id'],
  properties: {
    remote_access_id: { type: 'integer', minimum: 1 },
    duration: { type: 'integer', minimum: 10, maximum: 86_400, default: 3600 },
  },
} as const;

export default async function remoteLinks(app: FastifyInstance) {
  app.post(
    '/remote/links',
    { preHandler: requirePermission('manage_remote_access'), schema: { body: OPEN_BODY } },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body as { remote_access_id: number; duration: number };
      const entry = await app.ctx.db
        .selectFrom('remote_access')
        .select(['id', 'company_id', 'protocol'])
        .where('id', '=', body.remote_access_id)
        .executeTakeFirst();
      assertTenancy(actor, entry?.company_id, 'Remote access');
      const link = await openSession(app.ctx, actor, entry!, typeOf(entry!.protocol), body.duration);
      return reply.status(201).send(ok(link));
    },
  );

  app.get('/remote/links/:key', async (request, reply) => {
    const link = await linkFor(app.ctx, (request.params as { key: string }).key, request.actor ?? null, ALL);
    if (isRefusal(link)) throw refused(link);
    reply.header('cache-control', 'no-store');
    const ttl = Math.max(0, Math.round((Date.parse(link.expiresAt) - app.ctx.now().getTime()) / 1000));
    return ok({
      id: link.historyId,
      remote_access_id: link.entryId,
      protocol: link.protocol,
      name: link.name,
      device_name: link.deviceName,
      expires_at: link.expiresAt,
      ttl,
      credentials: credentialsOf(link),
    });
  });
}
