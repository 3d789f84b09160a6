import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField, assertTenancy, hasPermission, requirePermission } from '../auth/guards';
import { checkForm } from '../forms/validate';
import { done, invalid, list } from '../http/envelope';
import type { ListSpec } from '../http/list-query';
import { readMultipart, type UploadedFile } from '../http/multipart';
import { routeId } from '../services/ids';
import { listRoute } from './list-route';
import { scoped } from './scoped';
import { sql } from 'kysely';
import { FILE_NAME_WARNING, fileNameAllowed } from '../../engine/fields/file';
import { contentDisposition } from '../http/attachment';

// Files (firmware, configs, logs): list, download as a blob with a
// content-disposition name, upload (multipart), remove; and the device API
// documentation (configurator specifications) upload.

const FILE_TYPES = [
  'firmware',
  'config',
  'eventslog',
  'troubleshoot',
  'device_task_manager_file',
  'custom_file',
  'global_firmware',
];

export function fileSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(
        app.ctx.db.selectFrom('files as f').innerJoin('companies as c', 'c.id', 'f.company_id'),
        actor,
        'f.company_id',
      ),
    idColumn: 'f.id',
    fields: {
      id: 'f.id',
      name: 'f.name',
      type: 'f.type',
      device_id: 'f.device_id',
      company_id: 'f.company_id',
      company_name: 'c.name',
      device_model: 'f.device_model',
      version: 'f.version',
      description: 'f.description',
      file_size: sql`length(f.content)`,
      created_at: 'f.created_at',
    },
    search: ['name', 'device_model', 'version'],
    defaultSort: '-id',
    filters: { type: 'f.type', company_id: 'f.company_id', device_id: 'f.device_id', device_model: 'f.device_model' },
  };
}

/** Types a download is labelled with as uploaded; anything else (HTML, SVG, scripts…) is served as bytes. */
const SAFE_CONTENT_TYPES = new Set([
  'application/octet-stream',
  'application/json',
  'application/zip',
  'application/gzip',
  'application/x-gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/pdf',
  'text/plain',
  'text/csv',
]);

/** The stored type if it is on the allow list, else application/octet-stream; text gets a charset. */
function downloadContentType(mime: string): string {
  const type = mime.split(';')[0].trim().toLowerCase();
  if (!SAFE_CONTENT_TYPES.has(type)) return 'application/octet-stream';
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

/** Refuses a file name the console warns about (forms spec §5), with the spec's words, on the file field. */
function assertFileName(file: UploadedFile): void {
  if (!fileNameAllowed(file.name)) throw invalid(['file', FILE_NAME_WARNING]);
}

export default async function files(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  listRoute(app, '/files', 'view_files', (actor) => fileSpec(app, actor));

  app.get('/files/:id/download', { preHandler: requirePermission('view_files') }, async (request, reply) => {
    const actor = actorOf(request);
    const file = await db
      .selectFrom('files')
      .select(['name', 'mime', 'content', 'company_id'])
      .where('id', '=', routeId(request.params))
      .executeTakeFirst();
    assertTenancy(actor, file?.company_id, 'File');
    return reply
      .header('content-type', downloadContentType(file!.mime))
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', contentDisposition(file!.name))
      .header('cache-control', 'no-store')
      .send(file!.content);
  });

  app.post('/files', { preHandler: requirePermission('upload_files') }, async (request, reply) => {
    const actor = actorOf(request);
    const body = await readMultipart(request);
    const file = body.file as UploadedFile | undefined;
    if (!file || typeof file !== 'object' || !('buffer' in file))
      throw invalid(['file', 'The file field is required.']);
    assertFileName(file);
    const type = String(body.type ?? '');
    if (!FILE_TYPES.includes(type)) throw invalid(['type', 'The selected type is invalid.']);
    if (type === 'global_firmware' && !hasPermission(actor, 'upload_files_global_scope'))
      throw invalid(['type', 'The selected type is invalid.']);
    const companyId = body.company_id ? await assertCompanyField(db, actor, body.company_id) : actor.company.id;
    const { id } = await db
      .insertInto('files')
      .values({
        company_id: companyId,
        device_id: null,
        name: file.name,
        type,
        device_model: body.device_model ? String(body.device_model) : null,
        version: body.version ? String(body.version) : null,
        mime: file.type || 'application/octet-stream',
        content: file.buffer,
        created_at: ctx.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ success: true, data: { id }, message: 'File uploaded successfully' });
  });

  app.delete('/files/:id', { preHandler: requirePermission('delete_files') }, async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    const file = await db.selectFrom('files').select('company_id').where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, file?.company_id, 'File');
    await db.deleteFrom('files').where('id', '=', id).execute();
    return done(undefined, 'File removed successfully');
  });

  app.get(
    '/devices/configurator/specifications',
    { preHandler: requirePermission('upload_device_api_documentation') },
    async () => {
      const rows = await db
        .selectFrom('api_specifications')
        .select(['id', 'system', 'version', 'name', 'created_at', 'updated_at'])
        .orderBy('id', 'desc')
        .execute();
      return list(rows, rows.length);
    },
  );

  app.post(
    '/devices/configurator/specifications',
    { preHandler: requirePermission('upload_device_api_documentation') },
    async (request, reply) => {
      const form = await checkForm(ctx.documents, request, await readMultipart(request));
      const file = form.file as UploadedFile;
      assertFileName(file);
      let version: string;
      try {
        const parsed = JSON.parse(file.buffer.toString('utf8')) as { version?: unknown; info?: { version?: unknown } };
        version = String(parsed.version ?? parsed.info?.version ?? '');
      } catch {
        throw invalid(['file', 'The file must contain valid JSON.']);
      }
      if (!/^[\w.-]{1,40}$/.test(version))
        throw invalid(['file', 'The file must name its version ("version" or "info.version").']);
      const system = String(form.system);
      const now = ctx.now().toISOString();
      const existing = await db
        .selectFrom('api_specifications')
        .select('id')
        .where('system', '=', system)
        .where('version', '=', version)
        .executeTakeFirst();
      if (existing && form.overwrite !== true) {
        throw invalid([
          'file',
          `The documentation for ${system} ${version} already exists. Choose Overwrite to replace it.`,
        ]);
      }
      if (existing) {
        await db
          .updateTable('api_specifications')
          .set({ name: file.name, content: file.buffer.toString('utf8'), updated_at: now })
          .where('id', '=', existing.id)
          .execute();
      } else {
        await db
          .insertInto('api_specifications')
          .values({
            system,
            version,
            name: file.name,
            content: file.buffer.toString('utf8'),
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      return reply
        .status(existing ? 200 : 201)
        .send({ success: true, data: { system, version }, message: 'File uploaded successfully' });
    },
  );
}
