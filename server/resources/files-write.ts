import type { FastifyInstance } from 'fastify';
import { actorOf, assertTenancy, hasPermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { forbidden } from '../http/envelope';
import { routeId } from '../services/ids';

// PUT /files/{id} of the RMS API: a file's description, by whoever may
// upload files in its company (a global firmware only with the global scope).

const body = {
  type: 'object',
  required: ['description'],
  additionalProperties: false,
  properties: { description: { type: 'string', maxLength: 255 } },
} as const;

export default async function filesWrite(app: FastifyInstance) {
  const { db } = app.ctx;
  app.put('/files/:id', { ...guard(app, { permission: 'upload_files' }), schema: { body } }, async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    const file = await db.selectFrom('files').select(['company_id', 'type']).where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, file?.company_id, 'File');
    if (file!.type === 'global_firmware' && !hasPermission(actor, 'upload_files_global_scope')) throw forbidden();
    const { description } = request.body as { description: string };
    await db.updateTable('files').set({ description }).where('id', '=', id).execute();
    return { success: true };
  });
}
