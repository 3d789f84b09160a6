import type { FastifyInstance } from 'fastify';
import { actorOf, assertTenancy, requirePermission } from '../auth/guards';
import { issueCookies } from '../auth/sessions';
import { randomToken, sha256 } from '../auth/tokens';
import { ApiError, done, ok } from '../http/envelope';
import { endImpersonation } from './account';
import { sessionUser, vendorUser } from './session-user';

// The session user, and impersonation: start (when the target granted
// access), cancel, grant and revoke access.

const MAX_IMPERSONATION_MS = 60 * 60 * 1000;

export default async function user(app: FastifyInstance) {
  const { ctx } = app;

  // The console reads `data` (contract 2; the session user of shell spec §3); the vendor's fields stand beside it for API clients.
  app.get('/user', async (request) => {
    const actor = actorOf(request);
    return { ...vendorUser(actor), success: true, data: sessionUser(actor) };
  });

  app.post('/users/:id/impersonate', { preHandler: requirePermission('impersonate_users') }, async (request, reply) => {
    const actor = actorOf(request);
    if (actor.impersonatorId) throw ApiError.of(403, 'FORBIDDEN', 'Cancel the current impersonation first.');
    const id = Number((request.params as { id: string }).id);
    const target = await ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, target?.company_id, 'User');
    const now = ctx.now();
    if (target!.id === actor.user.id)
      throw ApiError.of(422, 'VALIDATION_ERROR', 'You cannot impersonate yourself.', 'id');
    const limit = target!.impersonation_access_limit;
    if (!limit || Date.parse(limit) <= now.getTime()) {
      throw ApiError.of(403, 'IMPERSONATION_NOT_ALLOWED', 'The user has not granted impersonation access.');
    }
    const until = new Date(Math.min(Date.parse(limit), now.getTime() + MAX_IMPERSONATION_MS)).toISOString();
    const { id: logId } = await ctx.db
      .insertInto('impersonation_logs')
      .values({
        impersonator_id: actor.user.id,
        user_id: target!.id,
        company_id: target!.company_id,
        started_at: now.toISOString(),
        ended_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refresh = randomToken();
    await ctx.db
      .updateTable('sessions')
      .set({
        user_id: target!.id,
        impersonator_id: actor.user.id,
        impersonation_until: until,
        impersonation_log_id: logId,
        refresh_hash: sha256(refresh),
        password_confirmed_at: null,
      })
      .where('id', '=', actor.sessionId)
      .execute();
    issueCookies(
      reply,
      ctx,
      { id: actor.sessionId, user_id: target!.id, impersonator_id: actor.user.id, impersonation_until: until },
      refresh,
    );
    return ok({ impersonation_until: until, user_id: target!.id });
  });

  app.post('/user/cancel-impersonation', async (request, reply) => {
    const actor = actorOf(request);
    if (!actor.impersonatorId) throw ApiError.of(422, 'NOT_IMPERSONATING', 'No impersonation is active.');
    const session = await ctx.db
      .selectFrom('sessions')
      .select('impersonation_log_id')
      .where('id', '=', actor.sessionId)
      .executeTakeFirstOrThrow();
    await endImpersonation(app, actor.sessionId, actor.impersonatorId, session.impersonation_log_id);
    const refresh = randomToken();
    await ctx.db
      .updateTable('sessions')
      .set({ refresh_hash: sha256(refresh) })
      .where('id', '=', actor.sessionId)
      .execute();
    issueCookies(
      reply,
      ctx,
      { id: actor.sessionId, user_id: actor.impersonatorId, impersonator_id: null, impersonation_until: null },
      refresh,
    );
    return done(undefined, 'Impersonation cancelled');
  });

  app.post(
    '/user/impersonation-access',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['hours'],
          properties: { hours: { type: 'integer', minimum: 1, maximum: 720 } },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.impersonatorId) throw ApiError.of(403, 'FORBIDDEN', 'Not allowed while impersonating.');
      const { hours } = request.body as { hours: number };
      const limit = new Date(ctx.now().getTime() + hours * 3600_000).toISOString();
      await ctx.db
        .updateTable('users')
        .set({ impersonation_access_limit: limit })
        .where('id', '=', actor.user.id)
        .execute();
      return ok({ impersonation_access_limit: limit });
    },
  );

  app.post('/user/revoke-impersonation-access', async (request) => {
    const actor = actorOf(request);
    if (actor.impersonatorId) throw ApiError.of(403, 'FORBIDDEN', 'Not allowed while impersonating.');
    if (!actor.user.impersonation_access_limit) {
      throw ApiError.of(422, 'NO_IMPERSONATION_ACCESS', 'No impersonation access is granted.');
    }
    await ctx.db
      .updateTable('users')
      .set({ impersonation_access_limit: null })
      .where('id', '=', actor.user.id)
      .execute();
    // Any impersonation of this user ends now.
    await ctx.db
      .updateTable('sessions')
      .set({ impersonation_until: ctx.now().toISOString() })
      .where('user_id', '=', actor.user.id)
      .where('impersonator_id', 'is not', null)
      .execute();
    return done(undefined, 'Impersonation access revoked');
  });
}
