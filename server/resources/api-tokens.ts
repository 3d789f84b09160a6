import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/guards';
import { newToken, TOKEN_SCOPES } from '../auth/personal-tokens';
import { guard } from '../auth/sensitive';
import { done, invalid, notFound } from '../http/envelope';
import { routeId } from '../services/ids';
import { listRoute } from './list-route';

// The caller's personal access tokens (account area, API tokens page): list,
// create (the token is answered once, only its hash is kept) and revoke.
// Session only: the paths are in no token scope, so a token cannot mint or
// revoke tokens.

const DAY_MS = 24 * 3600_000;
export const TOKEN_LIFETIMES_DAYS = [7, 30, 90, 365];

const splitScopes = (row: Record<string, unknown>) => ({ ...row, scopes: String(row.scopes).split(' ') });

export default async function apiTokens(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;

  listRoute(app, '/account/tokens', [], (actor) => ({
    from: () =>
      db.selectFrom('api_tokens as t').where('t.user_id', '=', actor.user.id).where('t.revoked_at', 'is', null),
    fields: {
      id: 't.id',
      name: 't.name',
      prefix: 't.prefix',
      scopes: 't.scopes',
      expires_at: 't.expires_at',
      last_used_at: 't.last_used_at',
      last_used_ip: 't.last_used_ip',
      created_at: 't.created_at',
    },
    idColumn: 't.id',
    search: ['name'],
    defaultSort: '-created_at',
    map: splitScopes,
  }));

  app.post('/account/tokens', guard(app, { permission: [], form: true }), async (request, reply) => {
    const actor = actorOf(request);
    const form = request.form!;
    const days = Number(form.expires_in);
    if (!TOKEN_LIFETIMES_DAYS.includes(days)) throw invalid(['expires_in', 'The expiry is not one of the offered.']);
    const scopes = (form.scopes as string[]).filter((scope) => TOKEN_SCOPES.includes(scope));
    if (!scopes.length) throw invalid(['scopes', 'Choose at least one scope.']);
    const { token, hash, prefix } = newToken();
    const now = ctx.now();
    const row = {
      user_id: actor.user.id,
      name: String(form.name).trim(),
      token_hash: hash,
      prefix,
      scopes: scopes.join(' '),
      expires_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
      created_at: now.toISOString(),
    };
    const { id } = await db.insertInto('api_tokens').values(row).returning('id').executeTakeFirstOrThrow();
    const data = { id, name: row.name, prefix, scopes, expires_at: row.expires_at, created_at: row.created_at, token };
    return reply.status(201).send({ success: true, data, message: 'API token created successfully' });
  });

  app.delete('/account/tokens/:id', guard(app, { permission: [] }), async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    const result = await db
      .updateTable('api_tokens')
      .set({ revoked_at: ctx.now().toISOString() })
      .where('id', '=', id)
      .where('user_id', '=', actor.user.id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!Number(result.numUpdatedRows)) throw notFound('API token not found.');
    return done(undefined, 'API token revoked successfully');
  });
}
