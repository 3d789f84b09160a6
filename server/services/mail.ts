import type { AppContext } from '../context';

// Every e-mail the server "sends" is recorded in the mail log (listed at
// /system/mail-logs). Suppressed addresses are logged as not delivered.

export async function sendMail(
  ctx: AppContext,
  mail: { to: string; subject: string; body: string; template: string },
): Promise<void> {
  const suppressed = await ctx.db
    .selectFrom('suppressed_emails')
    .select('email')
    .where('email', '=', mail.to.toLowerCase())
    .executeTakeFirst();
  await ctx.db
    .insertInto('mail_logs')
    .values({
      recipient: mail.to,
      subject: suppressed ? `[suppressed, not delivered] ${mail.subject}` : mail.subject,
      body: mail.body,
      template: mail.template,
      created_at: ctx.now().toISOString(),
    })
    .execute();
}
