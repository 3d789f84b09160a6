import { toDate } from '../format/relative-time';
import { proxy } from 'valtio/vanilla';

/** Session user of shell spec §3, plus the fields the header widgets read (forms spec §3). */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  company: { id: number; parent_id: number | null; name: string; level: number; show_payment?: boolean };
  role: { id: number; name: string; title: string };
  avatar_url?: string | null;
  tos_accepted: boolean;
  mfa_type?: string | null;
  /** Expiry in seconds since the epoch. */
  exp?: number;
  permissions: string[];
  /** Carries an `act` marker while impersonating (JWT payload). */
  token?: string | null;
  /** ISO date until which an impersonation of this user is allowed. */
  impersonation_access_limit?: string | null;
  country_iso_code?: string | null;
  show_payment_control?: boolean;
  /** Set by the server when the session acts for another user. */
  isImpersonating?: boolean;
  /** The user's own time zone (IANA name), kept with the account; null: the browser's. */
  time_zone?: string | null;
}

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** The app's session (contract 5). */
export const session = proxy<{ user: SessionUser | null; status: SessionStatus }>({ user: null, status: 'loading' });

export function setSessionUser(user: SessionUser | null): void {
  session.user = user;
  session.status = user ? 'authenticated' : 'unauthenticated';
}

function tokenPayload(token: string | null | undefined): Record<string, unknown> | undefined {
  const part = token?.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=')));
  } catch {
    return undefined;
  }
}

/** Impersonating when the server says so or the token carries an `act` marker. */
export function isImpersonating(user: SessionUser | null | undefined): boolean {
  if (!user) return false;
  if (user.isImpersonating !== undefined) return user.isImpersonating;
  return Boolean(tokenPayload(user.token)?.act);
}

/** Impersonation access counts only while its limit is in the future (shell spec §4). */
export function impersonationAccessUntil(user: SessionUser | null | undefined, now = Date.now()): Date | undefined {
  const limit = user?.impersonation_access_limit;
  if (!limit) return undefined;
  const date = toDate(limit);
  return !date || date.getTime() <= now ? undefined : date;
}

/** A user whose e-mail is still their username is asked for an e-mail address at start-up (shell spec §4). */
export function needsEmail(user: Pick<SessionUser, 'email' | 'username'>): boolean {
  return Boolean(user.email) && user.email === user.username;
}
