import type { FastifyInstance } from 'fastify';
import { verifyDownload } from '../devices/downloads';
import { notFound } from '../http/envelope';

// The file a device was told to fetch (a firmware image, a configuration
// backup: docs/devices-protocol.md): no session, the signed token of the
// link is the permission, for that one file until the link expires. A
// malformed, forged or expired token is the same 404 as a removed file.

export default async function deviceDownloads(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/devices/downloads/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const fileId = verifyDownload(ctx.tokenKey, token, ctx.now().getTime());
    const file =
      fileId === undefined
        ? undefined
        : await ctx.db.selectFrom('files').select(['content']).where('id', '=', fileId).executeTakeFirst();
    if (!file) throw notFound('The download link is not valid.');
    return reply
      .header('content-type', 'application/octet-stream')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'no-store')
      .send(Buffer.from(file.content));
  });
}
