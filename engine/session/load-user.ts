import { firstErrorItem, http, HttpError, onHttpEvent, SESSION_CALL_TIMEOUT } from '../http/client';
import { setSessionUser, type SessionUser } from './user';

/** Start-up notices that replace the app (shell spec §8). */
export const STARTUP_NOTICES = ['EMAIL_NOT_VERIFIED', 'NOT_INVITED_EXTERNAL_USER', 'MFA_MANDATORY'] as const;
export type StartupNotice = (typeof STARTUP_NOTICES)[number];

/** User-load failure messages of shell spec §8. */
export const USER_LOAD_MESSAGES = {
  failed: 'Failed to get user data',
  timeout: 'User request timeout',
  offline: 'You are offline. Check cables, modem and router, or reconnect to Wi-Fi.',
} as const;

/** Three failed user-load or revoke attempts within the session show the maintenance screen. */
export const MAX_SESSION_FAILURES = 3;

export type UserLoadResult =
  | { kind: 'user'; user: SessionUser }
  | { kind: 'unauthenticated' }
  | { kind: 'notice'; code: StartupNotice; message?: string }
  | { kind: 'maintenance' }
  | { kind: 'failed'; message: string; status?: number };

/**
 * The failure count survives the page loads of one browser session (a failed
 * revoke ends in a full navigation to the login page, which must not start
 * the count over): kept in session storage when there is one.
 */
export const SESSION_FAILURES_KEY = 'session_failures';
let memory = 0;

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function sessionFailures(): number {
  const stored = Number(storage()?.getItem(SESSION_FAILURES_KEY));
  return Math.max(memory, Number.isFinite(stored) ? stored : 0);
}

function countFailure(): number {
  memory = sessionFailures() + 1;
  storage()?.setItem(SESSION_FAILURES_KEY, String(memory));
  return memory;
}

export function resetSessionFailures(): void {
  memory = 0;
  storage()?.removeItem(SESSION_FAILURES_KEY);
}

onHttpEvent('revoke-failed', () => {
  countFailure();
});

/** Where a session that ended goes: the maintenance screen after three failed attempts, else the login page. */
export const afterSessionEnd = (): 'maintenance' | 'login' =>
  sessionFailures() >= MAX_SESSION_FAILURES ? 'maintenance' : 'login';

/** Unwraps the RMS envelope of GET /user. */
export function userFrom(body: unknown): SessionUser {
  const data = (body as { data?: SessionUser })?.data ?? (body as SessionUser);
  return { ...data, permissions: data.permissions ?? [] };
}

/** GET /user (30 s) and the start-up classification of shell spec §4 and §8. */
export async function loadUser(online = globalThis.navigator?.onLine ?? true): Promise<UserLoadResult> {
  try {
    const response = await http.get('/user', { timeout: SESSION_CALL_TIMEOUT, skipCancel: true });
    const user = userFrom(response.data);
    setSessionUser(user);
    resetSessionFailures();
    return { kind: 'user', user };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const first = firstErrorItem(error.data);
    const notice = STARTUP_NOTICES.find((code) => code === first?.code);
    if (notice) return { kind: 'notice', code: notice, message: first?.message };
    if (error.status === 401) {
      setSessionUser(null);
      return afterSessionEnd() === 'maintenance' ? { kind: 'maintenance' } : { kind: 'unauthenticated' };
    }
    if (countFailure() >= MAX_SESSION_FAILURES) return { kind: 'maintenance' };
    if (error.code === 'ETIMEDOUT' || error.status === 408) {
      return { kind: 'failed', message: USER_LOAD_MESSAGES.timeout, status: 408 };
    }
    // "Any other server error at start: the maintenance page": any answer the server gave (the three notices
    // above are server errors too, with 4xx statuses); the user-load messages are for calls it never answered.
    if (error.status !== undefined) return { kind: 'maintenance' };
    if (error.code === 'ERR_NETWORK' && !online) return { kind: 'failed', message: USER_LOAD_MESSAGES.offline };
    return { kind: 'failed', message: USER_LOAD_MESSAGES.failed };
  }
}
