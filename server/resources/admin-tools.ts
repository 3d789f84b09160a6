import type { FastifyInstance } from 'fastify';
import type { Actor } from '../auth/actor';
import { actorOf, canActOn } from '../auth/guards';
import { LoginLimiter } from '../auth/login-limiter';
import { verifyPassword } from '../auth/password';
import { guard } from '../auth/sensitive';
import { ApiError, done, invalid } from '../http/envelope';
import type { ListSpec } from '../http/list-query';
import { sendMail } from '../services/mail';
import { listRoute } from './list-route';
import { normalizeEmail } from '../../engine/fields/text';

// Destructive admin tools (delete user by e-mail, remove a user's MFA,
// remove an e-mail from the suppression list): HTTP 423 until
// POST /password-confirmation, then MFA for users who have it.

const suppressedSpec = (app: FastifyInstance): ListSpec => ({
  from: () => app.ctx.db.selectFrom('suppressed_emails as s'),
  idColumn: 's.email',
  fields: { email: 's.email', reason: 's.reason', created_at: 's.created_at' },
  search: ['email', 'reason'],
  defaultSort: '-created_at',
});

export default async function adminTools(app: FastifyInstance) {
  const { ctx } = app;
  const { db } = ctx;
  const limiter = new LoginLimiter('password-confirmation', ctx.redis);

  app.post(
    '/password-confirmation',
    {
      schema: {
        body: {
          type: 'object',
          required: ['password'],
          additionalProperties: false,
          properties: { password: { type: 'string', minLength: 1, maxLength: 1024 } },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const userId = actor.impersonatorId ?? actor.user.id;
      const key = `confirm:${userId}`;
      if ((await limiter.retryAfter(key, request.ip)) > 0)
        throw ApiError.of(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Try again later.');
      const user = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword((request.body as { password: string }).password, user.password_hash))) {
        await limiter.fail(key, request.ip);
        throw invalid(['password', 'The provided password is incorrect.']);
      }
      await limiter.succeed(key);
      await db
        .updateTable('sessions')
        .set({ password_confirmed_at: ctx.now().toISOString() })
        .where('id', '=', actor.sessionId)
        .execute();
      return done(undefined, 'Password confirmed');
    },
  );

  /** A user the caller may manage, by e-mail; otherwise a 422 on the e-mail field (no leak outside the tenancy). */
  async function managedUser(actor: Actor, email: string) {
    const user = await db
      .selectFrom('users')
      .select(['id', 'email', 'company_id', 'mfa_type'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();
    if (!user || !canActOn(actor, user.company_id))
      throw invalid(['email', 'No user with this e-mail address was found.']);
    return user;
  }

  const tool = guard(app, { permission: 'manage_admin_tools', form: true, password: true, mfa: true });

  app.delete('/admin/users/:email', tool, async (request) => {
    const actor = actorOf(request);
    const user = await managedUser(actor, String(request.form!.email));
    if (user.id === actor.user.id || user.id === actor.impersonatorId)
      throw invalid(['email', 'You cannot delete your own account.']);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('invitations').where('invited_by', '=', user.id).execute();
      await trx.deleteFrom('users').where('id', '=', user.id).execute();
    });
    return done(undefined, 'User removed successfully');
  });

  app.delete('/admin/users/:email/mfa', tool, async (request) => {
    const actor = actorOf(request);
    const user = await managedUser(actor, String(request.form!.email));
    if (!user.mfa_type) throw invalid(['email', 'The user has no multi-factor authentication.']);
    await db.updateTable('users').set({ mfa_type: null, mfa_secret: null }).where('id', '=', user.id).execute();
    await sendMail(ctx, {
      to: user.email,
      subject: 'Multi-factor authentication removed',
      body: `An administrator (${actor.user.email}) removed multi-factor authentication from your account.`,
      template: 'mfa_removed',
    });
    return done(undefined, 'MFA removed successfully');
  });

  listRoute(app, '/suppressed-emails', 'manage_admin_tools', () => suppressedSpec(app));

  app.delete('/suppressed-emails/:email', tool, async (request) => {
    const email = normalizeEmail(String(request.form!.email));
    const result = await db.deleteFrom('suppressed_emails').where('email', '=', email).executeTakeFirst();
    if (!Number(result.numDeletedRows)) throw invalid(['email', 'The e-mail address is not on the suppression list.']);
    return done(undefined, 'Email removed successfully');
  });
}
