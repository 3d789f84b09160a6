import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField, assertTenancy, requirePermission } from '../auth/guards';
import { done, invalid } from '../http/envelope';
import type { ListSpec } from '../http/list-query';
import { readMultipart, type UploadedFile } from '../http/multipart';
import { routeId } from '../services/ids';
import { decodeImage, imageHeader, thumbnail } from '../services/image-codec';
import { listRoute } from './list-route';
import { scoped } from './scoped';

// Images for device dashboards (GET, POST /images; GET, PUT, DELETE
// /images/{id}; GET /images/{id}/thumbnail): a PNG or JPEG of at most 5 MB
// and 2048x1080, checked by its bytes whatever its name or declared type,
// stored with a thumbnail scaled down when it is uploaded.

const MAX_SIZE = 5 * 1024 * 1024;
const MAX_WIDTH = 2048;
const MAX_HEIGHT = 1080;
const THUMBNAIL = { width: 320, height: 180 };
const TYPES = ['device_dashboard'];

const VIEW = 'view_device_dashboard';
const MANAGE = 'update_devices';

function imageSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () => scoped(app.ctx.db.selectFrom('images as i'), actor, 'i.company_id'),
    idColumn: 'i.id',
    fields: {
      id: 'i.id',
      company_id: 'i.company_id',
      user_id: 'i.user_id',
      name: 'i.name',
      description: 'i.description',
      size: sql`length(i.content)`,
      original_width: 'i.original_width',
      original_height: 'i.original_height',
      type: 'i.type',
      updated_at: 'i.updated_at',
      created_at: 'i.created_at',
    },
    search: ['name', 'description'],
    defaultSort: '-id',
    filters: { company_id: 'i.company_id', type: 'i.type' },
  };
}

/** The uploaded image checked: really PNG or JPEG, within the size limits, whole. */
function checkedImage(value: unknown) {
  const file = value as UploadedFile | undefined;
  if (!file || typeof file !== 'object' || !('buffer' in file))
    throw invalid(['image', 'The image field is required.']);
  if (file.size > MAX_SIZE) throw invalid(['image', 'The image may not be greater than 5120 kilobytes.']);
  const header = imageHeader(file.buffer);
  if (!header) throw invalid(['image', 'The image must be a file of type: jpeg, png.']);
  if (header.width > MAX_WIDTH || header.height > MAX_HEIGHT || !header.width || !header.height) {
    throw invalid(['image', `The image has invalid image dimensions (at most ${MAX_WIDTH}x${MAX_HEIGHT}).`]);
  }
  const decoded = decodeImage(file.buffer, header.mime);
  if (!decoded) throw invalid(['image', 'The image must be a file of type: jpeg, png.']);
  return { file, decoded };
}

const descriptionBody = {
  type: 'object',
  required: ['description'],
  additionalProperties: false,
  properties: { description: { type: 'string', maxLength: 255 } },
} as const;

export default async function images(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  listRoute(app, '/images', VIEW, (actor) => imageSpec(app, actor));

  app.post('/images', { preHandler: requirePermission(MANAGE) }, async (request, reply) => {
    const actor = actorOf(request);
    const body = await readMultipart(request);
    if (body.company_id === undefined) throw invalid(['company_id', 'The company id field is required.']);
    const companyId = await assertCompanyField(db, actor, body.company_id);
    if (!TYPES.includes(String(body.type ?? ''))) throw invalid(['type', 'The selected type is invalid.']);
    const description = body.description === undefined ? null : body.description;
    if (description !== null && (typeof description !== 'string' || description.length > 255)) {
      throw invalid(['description', 'The description may not be greater than 255 characters.']);
    }
    const { file, decoded } = checkedImage(body.image);
    const now = ctx.now().toISOString();
    const { id } = await db
      .insertInto('images')
      .values({
        company_id: companyId,
        user_id: actor.user.id,
        name: file.name,
        description,
        type: String(body.type),
        mime: decoded.mime,
        original_width: decoded.width,
        original_height: decoded.height,
        content: file.buffer,
        thumbnail: thumbnail(decoded, THUMBNAIL.width, THUMBNAIL.height),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ success: true, data: { id }, message: 'Image uploaded successfully' });
  });

  /** The image of a route when it is one of the caller's (404 otherwise). */
  async function imageOf(actor: Actor, id: number) {
    const image = await db
      .selectFrom('images')
      .select(['id', 'company_id', 'mime'])
      .where('id', '=', id)
      .executeTakeFirst();
    assertTenancy(actor, image?.company_id, 'Image');
    return image!;
  }

  const send = async (reply: FastifyReply, id: number, column: 'content' | 'thumbnail') => {
    const row = await db.selectFrom('images').select(['mime', column]).where('id', '=', id).executeTakeFirstOrThrow();
    return reply
      .header('content-type', row.mime)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=300')
      .send(Buffer.from(row[column as 'content']));
  };

  app.get('/images/:id', { preHandler: requirePermission(VIEW) }, async (request, reply) => {
    const image = await imageOf(actorOf(request), routeId(request.params));
    return send(reply, image.id, 'content');
  });

  app.get('/images/:id/thumbnail', { preHandler: requirePermission(VIEW) }, async (request, reply) => {
    const image = await imageOf(actorOf(request), routeId(request.params));
    return send(reply, image.id, 'thumbnail');
  });

  app.put(
    '/images/:id',
    { preHandler: requirePermission(MANAGE), schema: { body: descriptionBody } },
    async (request) => {
      const image = await imageOf(actorOf(request), routeId(request.params));
      const { description } = request.body as { description: string };
      await db
        .updateTable('images')
        .set({ description, updated_at: ctx.now().toISOString() })
        .where('id', '=', image.id)
        .execute();
      return { success: true };
    },
  );

  app.delete('/images/:id', { preHandler: requirePermission(MANAGE) }, async (request) => {
    const image = await imageOf(actorOf(request), routeId(request.params));
    await db.deleteFrom('images').where('id', '=', image.id).execute();
    return done(undefined, 'Image removed successfully');
  });
}
