import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../auth/password';
import { LoginLimiter } from '../auth/login-limiter';
import { loginLocation, sameOriginLocation } from '../auth/continue-url';
import {
  REFRESH_COOKIE,
  clearCookies,
  createSession,
  issueCookies,
  revokeSession,
  rotateRefresh,
  sessionOfRefresh,
} from '../auth/sessions';
import { actorOf } from '../auth/guards';
import { confirmEmailChange, requestEmailChange } from '../auth/email-change';
import { ApiError, done, invalid, ok, unauthorized } from '../http/envelope';
import { runtimeTimeZoneChoices } from '../../engine/i18n/time-zones';
import { sendMail } from '../services/mail';
import { LOGIN_PATH } from '../../engine/session/redirect';
import { normalizeEmail } from '../../engine/fields/text';

// Sign-in, token refresh and revoke, activation e-mail, terms acceptance.

const loginBody = {
  type: 'object',
  required: ['email', 'password'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 254 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
    continue_url: { type: 'string', maxLength: 2048 },
    remember: { type: 'boolean' },
  },
} as const;

export default async function account(app: FastifyInstance) {
  const { ctx } = app;
  const limiter = new LoginLimiter('login', ctx.redis);

  app.post('/account/login', { schema: { body: loginBody } }, async (request, reply) => {
    const body = request.body as { email: string; password: string; continue_url?: string };
    const email = normalizeEmail(body.email);
    const wait = await limiter.retryAfter(email, request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw ApiError.of(429, 'TOO_MANY_ATTEMPTS', `Too many login attempts. Please try again in ${wait} seconds.`);
    }
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where('email', '=', email)
      .executeTakeFirst();
    // Always run the KDF so timing does not tell whether the account exists.
    const valid = await verifyPassword(body.password, user?.password_hash ?? decoyHash(ctx.passwordCost));
    if (!user || !valid) {
      await limiter.fail(email, request.ip);
      throw ApiError.of(401, 'INVALID_CREDENTIALS', 'These credentials do not match our records.', 'email');
    }
    await limiter.succeed(email);
    const { session, refresh } = await createSession(ctx, user.id);
    // A hash made at a weaker cost than today's is replaced now that the password is at hand.
    const rehash = needsRehash(user.password_hash, ctx.passwordCost)
      ? { password_hash: await hashPassword(body.password, ctx.passwordCost) }
      : {};
    await ctx.db
      .updateTable('users')
      .set({ last_login_at: ctx.now().toISOString(), ...rehash })
      .where('id', '=', user.id)
      .execute();
    issueCookies(reply, ctx, session, refresh);
    return ok({ location: loginLocation(body.continue_url, request) });
  });

  app.post('/account/token/refresh', async (request, reply) => {
    const refresh = request.cookies[REFRESH_COOKIE];
    const rotated = refresh ? await rotateRefresh(ctx, refresh) : null;
    if (!rotated) {
      clearCookies(reply, ctx);
      throw unauthorized('The refresh token is invalid or expired.');
    }
    let row = rotated.row;
    // An impersonation past its limit ends at refresh: the session returns to the impersonator.
    if (row.impersonator_id && row.impersonation_until && row.impersonation_until <= ctx.now().toISOString()) {
      await endImpersonation(app, row.id, row.impersonator_id, row.impersonation_log_id);
      row = { ...row, user_id: row.impersonator_id, impersonator_id: null, impersonation_until: null };
    }
    const claims = issueCookies(reply, ctx, row, rotated.refresh);
    return ok({ exp: claims.exp });
  });

  app.post('/account/token/revoke', async (request: FastifyRequest, reply) => {
    const body = (request.body ?? {}) as { redirect_uri?: unknown; client_id?: unknown };
    // Whatever cookies remain: the access cookie's session and the refresh cookie's session both end.
    if (request.actor) await revokeSession(ctx, request.actor.sessionId);
    const refreshed = await sessionOfRefresh(ctx, request.cookies[REFRESH_COOKIE]);
    if (refreshed && refreshed !== request.actor?.sessionId) await revokeSession(ctx, refreshed);
    clearCookies(reply, ctx);
    return ok({ location: sameOriginLocation(body.redirect_uri, request, LOGIN_PATH) });
  });

  app.post('/account/user/activation/resend', async (request) => {
    const actor = actorOf(request);
    if (actor.user.email_verified) {
      throw ApiError.of(422, 'EMAIL_ALREADY_VERIFIED', 'The e-mail address is already verified.', 'email');
    }
    await sendMail(ctx, {
      to: actor.user.email,
      subject: 'Verify your e-mail address',
      body: 'Follow the link in this message to verify your e-mail address.',
      template: 'email_verification',
    });
    return done(undefined, 'Email confirmation sent successfully');
  });

  app.put(
    '/account/user',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            tos_accepted: { type: 'boolean' },
            email: { type: 'string', format: 'email', maxLength: 254 },
            // The user's own time zone (IANA name), null for the browser's.
            time_zone: { type: ['string', 'null'], maxLength: 64 },
          },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const body = request.body as { tos_accepted?: boolean; email?: string; time_zone?: string | null };
      if (body.time_zone !== undefined) {
        if (body.time_zone !== null && !runtimeTimeZoneChoices().includes(body.time_zone))
          throw invalid(['time_zone', 'The selected time zone is invalid.']);
        await ctx.db
          .updateTable('users')
          .set({ time_zone: body.time_zone, updated_at: ctx.now().toISOString() })
          .where('id', '=', actor.user.id)
          .execute();
        if (body.email === undefined && body.tos_accepted === undefined)
          return done({ time_zone: body.time_zone }, 'Timezone updated successfully');
      }
      if (body.tos_accepted !== undefined) {
        await ctx.db
          .updateTable('users')
          .set({ tos_accepted: body.tos_accepted ? 1 : 0, updated_at: ctx.now().toISOString() })
          .where('id', '=', actor.user.id)
          .execute();
      }
      // A new e-mail address changes nothing until it is verified.
      if (body.email === undefined) return done(undefined, 'User updated successfully');
      const email = await requestEmailChange(ctx, actor.user.id, body.email);
      return done({ email_verification: 'sent' }, `A verification code was sent to ${email}.`);
    },
  );

  app.post(
    '/account/user/email/verify',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['code'],
          properties: { code: { type: 'string', minLength: 1, maxLength: 16 } },
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await confirmEmailChange(ctx, actor.user.id, (request.body as { code: string }).code);
      return done(undefined, 'E-mail address changed successfully');
    },
  );
}

/** Returns a session to the impersonator and closes the log entry; the impersonated user's sockets close. */
export async function endImpersonation(
  app: FastifyInstance,
  sessionId: string,
  impersonatorId: number,
  logId: number | null,
) {
  const now = app.ctx.now().toISOString();
  await app.ctx.db
    .updateTable('sessions')
    .set({ user_id: impersonatorId, impersonator_id: null, impersonation_until: null, impersonation_log_id: null })
    .where('id', '=', sessionId)
    .execute();
  if (logId)
    await app.ctx.db.updateTable('impersonation_logs').set({ ended_at: now }).where('id', '=', logId).execute();
  app.ctx.realtime.endSession(sessionId);
  await app.ctx.remote.endSession(sessionId);
}
