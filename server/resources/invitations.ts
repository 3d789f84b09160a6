import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, assertCompanyField, assertTenancy, requirePermission } from '../auth/guards';
import { hashPassword } from '../auth/password';
import { guard } from '../auth/sensitive';
import { ApiError, done, invalid } from '../http/envelope';
import type { ListSpec } from '../http/list-query';
import { routeId } from '../services/ids';
import { resolveInviteRole } from '../services/invitable-roles';
import { sendMail } from '../services/mail';
import { notify } from '../services/notify';
import { listRoute } from './list-route';
import { scoped } from './scoped';
import { normalizeEmail } from '../../engine/fields/text';

// Invitations of users (into a company under a role) and of distributors
// (new companies). Only people without an account can be invited. An invited
// person registers with POST /account/register, which tells the inviter
// (invitedUserRegistration).

function invitationSpec(app: FastifyInstance, actor: Actor): ListSpec {
  return {
    from: () =>
      scoped(
        app.ctx.db
          .selectFrom('invitations as i')
          .innerJoin('companies as c', 'c.id', 'i.company_id')
          .leftJoin('roles as r', 'r.id', 'i.role_id')
          .leftJoin('users as b', 'b.id', 'i.invited_by'),
        actor,
        'i.company_id',
      ),
    idColumn: 'i.id',
    fields: {
      id: 'i.id',
      kind: 'i.kind',
      email: 'i.email',
      role_id: 'i.role_id',
      role: 'r.name',
      role_title: 'r.title',
      bounce_status: 'i.bounce_status',
      company_id: 'i.company_id',
      company_name: 'c.name',
      invited_by: 'b.email',
      created_at: 'i.created_at',
    },
    search: ['email'],
    defaultSort: '-id',
    filters: { company_id: 'i.company_id', kind: 'i.kind', role: 'r.name' },
  };
}

async function assertNoAccount(app: FastifyInstance, email: string) {
  const user = await app.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (user) throw invalid(['email', 'This person already has an account and cannot be invited.']);
}

export default async function invitations(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  listRoute(app, '/users/invitations', 'view_user_invitations', (actor) => invitationSpec(app, actor));

  app.post(
    '/users/invite',
    guard(app, { permission: 'create_users', form: true, mfa: true }),
    async (request, reply) => {
      const actor = actorOf(request);
      const form = request.form!;
      const companyId = await assertCompanyField(db, actor, form.company_id);
      const email = normalizeEmail(String(form.email));
      await assertNoAccount(app, email);
      const pending = await db
        .selectFrom('invitations')
        .select('id')
        .where('email', '=', email)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (pending) throw invalid(['email', 'This person has already been invited to the company.']);
      const role = await resolveInviteRole(db, actor, companyId, String(form.role || 'end_user'));
      if (!role) throw invalid(['role', 'The selected role is invalid.']);
      const company = await db
        .selectFrom('companies')
        .select('name')
        .where('id', '=', companyId)
        .executeTakeFirstOrThrow();
      const { id } = await db
        .insertInto('invitations')
        .values({
          kind: 'user',
          email,
          company_id: companyId,
          role_id: role.id,
          invited_by: actor.user.id,
          bounce_status: null,
          created_at: ctx.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sendMail(ctx, {
        to: email,
        subject: `You are invited to ${company.name}`,
        body: `${actor.user.email} invited you to join ${company.name}.`,
        template: 'invitation',
      });
      return reply.status(201).send({ success: true, data: { id }, message: 'Invitation sent successfully' });
    },
  );

  app.post(
    '/distributors/invitations',
    guard(app, { permission: 'invite_distributors', form: true, mfa: true }),
    async (request, reply) => {
      const actor = actorOf(request);
      const email = normalizeEmail(String(request.form!.email));
      await assertNoAccount(app, email);
      const pending = await db
        .selectFrom('invitations')
        .select('id')
        .where('email', '=', email)
        .where('kind', '=', 'distributor')
        .executeTakeFirst();
      if (pending) throw invalid(['email', 'This person has already been invited.']);
      const { id } = await db
        .insertInto('invitations')
        .values({
          kind: 'distributor',
          email,
          company_id: actor.company.id,
          role_id: null,
          invited_by: actor.user.id,
          bounce_status: null,
          created_at: ctx.now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sendMail(ctx, {
        to: email,
        subject: 'You are invited to create a company',
        body: `${actor.user.email} invited you to create a company under ${actor.company.name}.`,
        template: 'distributor_invitation',
      });
      return reply.status(201).send({ success: true, data: { id }, message: 'Invitation sent successfully' });
    },
  );

  app.delete('/users/invitations/:id', { preHandler: requirePermission('create_users') }, async (request) => {
    const actor = actorOf(request);
    const id = routeId(request.params);
    const row = await db.selectFrom('invitations').select('company_id').where('id', '=', id).executeTakeFirst();
    assertTenancy(actor, row?.company_id, 'Invitation');
    await db.deleteFrom('invitations').where('id', '=', id).execute();
    return done(undefined, 'Invitation removed successfully');
  });

  app.post(
    '/account/register',
    {
      schema: {
        body: {
          type: 'object',
          required: ['email', 'password'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', maxLength: 254 },
            password: { type: 'string', minLength: 8, maxLength: 1024 },
            username: { type: 'string', minLength: 1, maxLength: 100 },
          },
        },
      },
    },
    async (request, reply) => {
      const body = request.body as { email: string; password: string; username?: string };
      const email = normalizeEmail(body.email);
      const invitation = await db
        .selectFrom('invitations')
        .selectAll()
        .where('email', '=', email)
        .where('kind', '=', 'user')
        .orderBy('id')
        .executeTakeFirst();
      if (!invitation || !invitation.role_id)
        throw ApiError.of(422, 'NOT_INVITED', 'There is no invitation for this e-mail address.', 'email');
      await assertNoAccount(app, email);
      const now = ctx.now().toISOString();
      const { id } = await db
        .insertInto('users')
        .values({
          email,
          username: body.username?.trim() || email.split('@')[0],
          first_name: null,
          last_name: null,
          password_hash: await hashPassword(body.password, ctx.passwordCost),
          company_id: invitation.company_id,
          role_id: invitation.role_id,
          email_verified: 1,
          tos_accepted: 0,
          mfa_type: null,
          mfa_secret: null,
          mfa_mandatory: 0,
          external: 0,
          impersonation_access_limit: null,
          country_iso_code: null,
          avatar_path: null,
          last_login_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.deleteFrom('invitations').where('email', '=', email).where('kind', '=', 'user').execute();
      const company = await db
        .selectFrom('companies')
        .select('name')
        .where('id', '=', invitation.company_id)
        .executeTakeFirstOrThrow();
      await notify(
        ctx,
        [invitation.invited_by],
        'invitedUserRegistration',
        `${email} accepted the invitation to ${company.name}.`,
      );
      return reply.status(201).send({ success: true, data: { id }, message: 'Registration completed successfully' });
    },
  );
}
