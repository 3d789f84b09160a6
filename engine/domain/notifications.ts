// The notification bell's rules (forms spec §2 "Header widgets", §4
// "Notification"): a notification is unseen until it has a seen_at; one
// arriving live goes on top of the list, once; the badge counts the unseen.

export interface Notification {
  id: number;
  created_at: string;
  seen_at: string | null;
  summary: string;
  type: string;
}

/** The badge shows counts up to this; above it reads "99+". */
export const UNSEEN_BADGE_MAX = 99;

export function unseenOf(list: readonly Notification[]): Notification[] {
  return list.filter((item) => !item.seen_at);
}

/** The list with a live arrival on top, replacing an earlier copy of it. */
export function withArrival(list: readonly Notification[], arrival: Notification): Notification[] {
  return [arrival, ...list.filter((item) => item.id !== arrival.id)];
}

export function unseenBadge(count: number): string {
  return count > UNSEEN_BADGE_MAX ? `${UNSEEN_BADGE_MAX}+` : String(count);
}
