import type { FastifyInstance } from 'fastify';
import { actorOf, requireSession } from '../auth/guards';
import { forbidden, notFound } from '../http/envelope';
import { CHANNEL_FORBIDDEN } from '../realtime/hub';

// The vendor's HTTP Status API, for clients that poll instead of holding a
// socket: GET /status/channel/{channel} under its own base (STATUS_BASE; the
// status base URL is http://host:8080/status), with the session cookie or a
// personal access token, answering the channel's messages so far in the
// vendor's shape, {success: true, data: {"<device id>" | "-1": [message, …]}}
// (server/realtime/status-channel.ts). The channel rules are the socket's:
// an action channel is its starter's only, a notifications channel its
// user's, a company channel that of those who may act on the company.

export const STATUS_BASE = '/status';

export default async function statusChannel(app: FastifyInstance) {
  app.get('/channel/:channel', { preHandler: requireSession }, async (request) => {
    const { channel } = request.params as { channel: string };
    const status = await app.ctx.realtime.statusOf(actorOf(request), channel);
    if (status === 'unknown') throw notFound('The channel was not found.');
    if (status === 'forbidden') throw forbidden(CHANNEL_FORBIDDEN);
    return { success: true, data: status };
  });
}
