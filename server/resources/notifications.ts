import { pageParams } from '../http/list-query';
import type { FastifyInstance } from 'fastify';
import { actorOf, requireSession } from '../auth/guards';
import { done, list } from '../http/envelope';
import { ID_SCHEMA, distinct } from '../services/ids';

// Notifications of the caller (newest first), marking seen, and system
// announcements.

export default async function notifications(app: FastifyInstance) {
  const { db } = app.ctx;

  app.get('/notifications', { preHandler: requireSession }, async (request) => {
    const actor = actorOf(request);
    const q = request.query as { limit?: string; offset?: string; unseen?: string };
    const { limit, offset } = pageParams(q, { fallback: 50, max: 500 });
    let query = db.selectFrom('notifications').where('user_id', '=', actor.user.id);
    if (q.unseen === '1' || q.unseen === 'true') query = query.where('seen_at', 'is', null);
    const [rows, total, unseen] = await Promise.all([
      query
        .select(['id', 'type', 'summary', 'created_at', 'seen_at'])
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', actor.user.id)
        .where('seen_at', 'is', null)
        .executeTakeFirstOrThrow(),
    ]);
    return list(rows, Number(total.n), { unseen: Number(unseen.n) });
  });

  app.put(
    '/notifications',
    {
      preHandler: requireSession,
      schema: {
        body: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: { type: 'array', maxItems: 1000, items: ID_SCHEMA } },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id } = request.body as { id: number[] };
      if (distinct(id, 'id').length) {
        await db
          .updateTable('notifications')
          .set({ seen_at: app.ctx.now().toISOString() })
          .where('user_id', '=', actor.user.id)
          .where('id', 'in', id)
          .where('seen_at', 'is', null)
          .execute();
      }
      return done(undefined, 'Notifications updated successfully');
    },
  );

  app.get('/announcements', { preHandler: requireSession }, async () => {
    const rows = await db
      .selectFrom('announcements')
      .select(['id', 'type', 'summary', 'created_at'])
      .orderBy('id', 'desc')
      .execute();
    return list(rows, rows.length);
  });
}
