import { pageParams } from '../http/list-query';
import type { FastifyInstance } from 'fastify';
import { actorOf, requireSession } from '../auth/guards';
import { ApiError, done, list, notFound, ok } from '../http/envelope';

// The per-user settings store (forms spec §4, §7): {key, value} pairs.

const MAX_VALUE_BYTES = 64 * 1024;
const keyPattern = '^[A-Za-z0-9_.:-]{1,128}$';
const valueSchema = {}; // any JSON value

function encode(value: unknown): string {
  const text = JSON.stringify(value ?? null);
  if (Buffer.byteLength(text) > MAX_VALUE_BYTES) {
    throw ApiError.of(422, 'VALIDATION_ERROR', 'The value may not be greater than 64 kilobytes.', 'value');
  }
  return text;
}

export default async function storage(app: FastifyInstance) {
  const { db } = app.ctx;
  const now = () => app.ctx.now().toISOString();

  app.get('/storage', { preHandler: requireSession }, async (request) => {
    const actor = actorOf(request);
    const { limit, offset } = pageParams(request.query as Record<string, unknown>, { fallback: 100, max: 1000 });
    const rows = await db
      .selectFrom('storage')
      .select(['key', 'value'])
      .where('user_id', '=', actor.user.id)
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute();
    const total = await db
      .selectFrom('storage')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', actor.user.id)
      .executeTakeFirstOrThrow();
    return list(
      rows.map((r) => ({ key: r.key, value: JSON.parse(r.value) })),
      Number(total.n),
    );
  });

  app.post(
    '/storage',
    {
      preHandler: requireSession,
      schema: {
        body: {
          type: 'object',
          required: ['key', 'value'],
          additionalProperties: false,
          properties: { key: { type: 'string', pattern: keyPattern }, value: valueSchema },
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { key, value } = request.body as { key: string; value: unknown };
      const exists = await db
        .selectFrom('storage')
        .select('id')
        .where('user_id', '=', actor.user.id)
        .where('key', '=', key)
        .executeTakeFirst();
      if (exists) throw ApiError.of(422, 'VALIDATION_ERROR', 'The key has already been taken.', 'key');
      await db
        .insertInto('storage')
        .values({ user_id: actor.user.id, key, value: encode(value), created_at: now(), updated_at: now() })
        .execute();
      return reply.status(201).send(ok({ key, value }));
    },
  );

  app.put(
    '/storage/:key',
    {
      preHandler: requireSession,
      schema: {
        body: { type: 'object', required: ['value'], additionalProperties: false, properties: { value: valueSchema } },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { key } = request.params as { key: string };
      const { value } = request.body as { value: unknown };
      const result = await db
        .updateTable('storage')
        .set({ value: encode(value), updated_at: now() })
        .where('user_id', '=', actor.user.id)
        .where('key', '=', key)
        .executeTakeFirst();
      if (!Number(result.numUpdatedRows)) throw notFound('Setting not found.');
      return ok({ key, value });
    },
  );

  app.delete('/storage/:key', { preHandler: requireSession }, async (request) => {
    const actor = actorOf(request);
    const { key } = request.params as { key: string };
    const result = await db
      .deleteFrom('storage')
      .where('user_id', '=', actor.user.id)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!Number(result.numDeletedRows)) throw notFound('Setting not found.');
    return done();
  });
}
