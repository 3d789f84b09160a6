import { randomInt } from 'node:crypto';
import type { AppContext } from '../context';
import { ApiError } from '../http/envelope';
import { sendMail } from '../services/mail';
import { sha256 } from './tokens';
import { normalizeEmail } from '../../engine/fields/text';

// A new account e-mail address is verified before it replaces the old one:
// the address gets a six-digit code by mail (the mail service), and only
// POST /account/user/email/verify with that code changes the account.

const CODE_TTL_MS = 30 * 60_000;
const MAX_ATTEMPTS = 5;

const codeRefused = () =>
  ApiError.of(422, 'CONFIRMATION_FAILED', 'The verification code is invalid or expired.', 'code');

async function assertAddressFree(ctx: AppContext, userId: number, email: string): Promise<void> {
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (taken) throw ApiError.of(422, 'VALIDATION_ERROR', 'The email has already been taken.', 'email');
}

/** Starts a change: a code to the new address, replacing any change still waiting. */
export async function requestEmailChange(ctx: AppContext, userId: number, address: string): Promise<string> {
  const email = normalizeEmail(address);
  await assertAddressFree(ctx, userId, email);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const change = {
    email,
    code_hash: sha256(code),
    expires_at: new Date(ctx.now().getTime() + CODE_TTL_MS).toISOString(),
    attempts: 0,
  };
  await ctx.db
    .insertInto('email_changes')
    .values({ user_id: userId, ...change })
    .onConflict((c) => c.column('user_id').doUpdateSet(change))
    .execute();
  await sendMail(ctx, {
    to: email,
    subject: 'Verify your new e-mail address',
    body: `Your verification code is ${code}. Enter it in the console to use this address. It expires in 30 minutes.`,
    template: 'email_change',
  });
  return email;
}

/** Finishes a change with the mailed code; answers the new address. */
export async function confirmEmailChange(ctx: AppContext, userId: number, code: string): Promise<string> {
  const change = await ctx.db.selectFrom('email_changes').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!change || change.expires_at <= ctx.now().toISOString() || change.attempts >= MAX_ATTEMPTS) throw codeRefused();
  if (sha256(code.trim()) !== change.code_hash) {
    await ctx.db
      .updateTable('email_changes')
      .set({ attempts: change.attempts + 1 })
      .where('user_id', '=', userId)
      .execute();
    throw codeRefused();
  }
  await assertAddressFree(ctx, userId, change.email);
  await ctx.db
    .updateTable('users')
    .set({ email: change.email, updated_at: ctx.now().toISOString() })
    .where('id', '=', userId)
    .execute();
  await ctx.db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
  return change.email;
}
