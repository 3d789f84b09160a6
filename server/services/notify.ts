import type { AppContext } from '../context';

// Notifications are created by the events that cause them and pushed live on
// the user's private channel (WebNotificationCreated).

export type NotificationType =
  'creditAmountTooLow' | 'invitedUserRegistration' | 'creditCodeActivation' | 'deviceAlert';

export async function notify(ctx: AppContext, userIds: number[], type: NotificationType, summary: string) {
  const created_at = ctx.now().toISOString();
  for (const user_id of new Set(userIds)) {
    const { id } = await ctx.db
      .insertInto('notifications')
      .values({ user_id, type, summary, created_at, seen_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.realtime.notifyUser(user_id, { id, type, summary, created_at, seen_at: null });
  }
}

/** Admins (and super admins) of a company: who hears about its resources. */
export async function companyAdmins(ctx: AppContext, companyId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('users as u')
    .innerJoin('roles as r', 'r.id', 'u.role_id')
    .select('u.id')
    .where('u.company_id', '=', companyId)
    .where('r.name', 'in', ['admin', 'super_admin'])
    .execute();
  return rows.map((r) => r.id);
}
