import type { FastifyInstance } from 'fastify';
import { actorOf, assertTenancy } from '../auth/guards';
import { guard } from '../auth/sensitive';
import { done, forbidden, invalid, notFound } from '../http/envelope';
import { routeId } from '../services/ids';
import { invitableDefaultRoles, resolveInviteRole } from '../services/invitable-roles';

// Changing a user's role (PUT /users/{id}, the change-user-role form): a user
// of the caller's companies, never the caller (nor the impersonator behind
// the call), to a role the caller may invite with (shell spec §6), among the
// roles of the company the form was opened for (its company_id, shown and fixed: a form opened
// before the user moved, or for another company, is refused). A user who
// holds a default role the caller could not grant (a super admin, for an
// admin) is not the caller's to change.

export default async function userRole(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  app.put('/users/:id', guard(app, { permission: 'update_users', form: true, mfa: true }), async (request) => {
    const actor = actorOf(request);
    const user = await db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select(['u.id', 'u.company_id', 'r.name as role_name', 'r.company_id as role_company_id'])
      .where('u.id', '=', routeId(request.params))
      .executeTakeFirst();
    if (!user) throw notFound('User not found.');
    assertTenancy(actor, user.company_id, 'User');
    if (user.id === actor.user.id || user.id === actor.impersonatorId)
      throw invalid(['role', 'You cannot change your own role.']);
    if (user.role_company_id === null && !invitableDefaultRoles(actor).includes(user.role_name))
      throw forbidden('You cannot change the role of this user.');
    if (String(request.form!.company_id) !== String(user.company_id))
      throw invalid(['company_id', 'The user does not belong to this company.']);
    const role = await resolveInviteRole(db, actor, user.company_id, String(request.form!.role));
    if (!role) throw invalid(['role', 'The selected role is invalid.']);
    await db
      .updateTable('users')
      .set({ role_id: role.id, updated_at: ctx.now().toISOString() })
      .where('id', '=', user.id)
      .execute();
    return done(undefined, 'User updated successfully');
  });
}
