import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, assertTenancy, canActOn, hasPermission, requirePermission } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { done, invalid, notFound, ok } from '../http/envelope';
import { routeId } from '../services/ids';
import { fileSpec } from './files';
import { tagListSpec } from './tags';
import { userListSpec } from './users';
import { selectRoles } from './roles';
import { itemRoute } from './list-route';

// The RMS API's item operations of resources that only had lists: one tag,
// user, role or file by id (the list's row, so tenancy and RBAC are the
// list's), removing a user, and a credit transfer code's comment and
// removal (an unused code only: a used one is the record of a transfer).

export default async function openapiItems(app: FastifyInstance) {
  const { db } = app.ctx;
  itemRoute(app, '/tags/:id', 'view_tags', (actor) => tagListSpec(app, actor));
  itemRoute(app, '/files/:id', 'view_files', (actor) => fileSpec(app, actor));
  itemRoute(
    app,
    '/users/:id',
    'view_users',
    (actor) => {
      const spec = userListSpec(app, actor);
      const fields = { ...spec.fields, company_level: 'c.level', company_parent_id: 'c.parent_id' };
      return { ...spec, fields };
    },
    // The OpenAPI's `role` is the role's name.
    { shape: (row) => ({ ...row, role: row.role_name }) },
  );

  app.get('/roles/:id', { preHandler: requirePermission(['view_roles', 'create_users'], 'some') }, async (request) => {
    const actor = actorOf(request);
    const role = await selectRoles(db).where('r.id', '=', routeId(request.params)).executeTakeFirst();
    // Custom roles of other companies, and other roles without view_roles, are not there for the caller.
    const visible =
      role &&
      (role.company_id === null || canActOn(actor, role.company_id)) &&
      (hasPermission(actor, 'view_roles') || role.company_id !== null || role.id === actor.role.id);
    if (!visible) throw notFound('Role not found.');
    const { scope: _scope, ...item } = role;
    // The names of its permissions: the edit-role form opens with them and sends them back.
    const permissions = await db
      .selectFrom('role_permissions as rp')
      .innerJoin('permissions as p', 'p.id', 'rp.permission_id')
      .select('p.name')
      .where('rp.role_id', '=', role.id)
      .orderBy('p.id')
      .execute();
    return ok({
      ...item,
      description: item.description ?? '',
      permissions_count: Number(item.permissions_count),
      permissions: permissions.map((p) => p.name),
    });
  });

  async function unusedCode(request: { params: unknown }, actor: Actor) {
    const code = await db
      .selectFrom('credit_codes')
      .select(['id', 'company_id', 'is_used'])
      .where('id', '=', routeId(request.params))
      .executeTakeFirst();
    assertTenancy(actor, code?.company_id, 'Credit code');
    if (code!.is_used) throw invalid(['id', 'The credit code has already been used.']);
    return code!.id;
  }
  const codeBody = {
    type: 'object',
    required: ['comment'],
    properties: { comment: { type: 'string', maxLength: 255 } },
  } as const;
  app.put(
    '/credits/codes/:id',
    { ...guard(app, { permission: 'create_credit_transfer_codes' }), schema: { body: codeBody } },
    async (request) => {
      const id = await unusedCode(request, actorOf(request));
      const { comment } = request.body as { comment: string };
      await db.updateTable('credit_codes').set({ comment }).where('id', '=', id).execute();
      return done(undefined, 'Credit code updated successfully');
    },
  );
  app.delete('/credits/codes/:id', guard(app, { permission: 'create_credit_transfer_codes' }), async (request) => {
    const id = await unusedCode(request, actorOf(request));
    await db.deleteFrom('credit_codes').where('id', '=', id).execute();
    return done(undefined, 'Credit code removed successfully');
  });

  app.delete('/users/:id', guard(app, { permission: 'delete_users', mfa: true }), async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    const user = await db.selectFrom('users').select(['id', 'company_id']).where('id', '=', id).executeTakeFirst();
    if (!user) throw notFound('User not found.');
    assertTenancy(actor, user.company_id, 'User');
    if (user.id === actor.user.id || user.id === actor.impersonatorId)
      throw invalid(['id', 'You cannot delete your own account.']);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('invitations').where('invited_by', '=', user.id).execute();
      await trx.deleteFrom('users').where('id', '=', user.id).execute();
    });
    return done(undefined, 'User removed successfully');
  });
}
