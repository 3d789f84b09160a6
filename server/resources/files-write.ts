import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { MAX_FILE_SIZE } from '../../engine/constants';
import { actorOf, assertTenancy, hasPermission, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { forbidden, invalid } from '../http/envelope';
import { zipArchive } from '../http/zip';
import { ID_SCHEMA, routeId } from '../services/ids';
import { scoped } from './scoped';

// Files of the RMS API: a file's description (PUT /files/{id}), by whoever
// may upload files in its company (a global firmware only with the global
// scope); several files of the caller's companies downloaded as one ZIP
// archive (POST /files/download/zip), at most one upload's limit in all.

const ZIP_FILES = 50;

const zipBody = {
  type: 'object',
  required: ['files'],
  additionalProperties: false,
  properties: { files: { type: 'array', minItems: 1, maxItems: ZIP_FILES, uniqueItems: true, items: ID_SCHEMA } },
} as const;

/** Archive entry names: no folders or control characters, each name once ("a (2).bin"). */
function entryNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const plain = [...raw].map((c) => (c < ' ' || c === '\u007f' || c === '/' || c === '\\' ? '_' : c)).join('');
    const name = plain.replace(/^\.+/, '_') || 'file';
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let unique = name;
    for (let n = 2; used.has(unique); n++) unique = `${stem} (${n})${ext}`;
    used.add(unique);
    return unique;
  });
}

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

  app.post(
    '/files/download/zip',
    { preHandler: requirePermission('view_files'), schema: { body: zipBody } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { files: ids } = request.body as { files: number[] };
      const sizes = await scoped(
        db
          .selectFrom('files')
          .select(['id', sql<number>`length(content)`.as('size')])
          .where('id', 'in', ids),
        actor,
        'company_id',
      ).execute();
      if (sizes.length !== ids.length) throw invalid(['files', 'The selected file is invalid.']);
      if (sizes.reduce((sum, f) => sum + Number(f.size), 0) > MAX_FILE_SIZE) {
        throw invalid(['files', 'The selected files are too large to download at once.']);
      }
      const rows = await db
        .selectFrom('files')
        .select(['id', 'name', 'content', 'created_at'])
        .where('id', 'in', ids)
        .orderBy('id')
        .execute();
      const names = entryNames(rows.map((f) => f.name));
      const archive = zipArchive(
        rows.map((f, i) => ({ name: names[i], content: Buffer.from(f.content), modified: new Date(f.created_at) })),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="files.zip"')
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );
}
