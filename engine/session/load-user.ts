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

let failures = 0;
onHttpEvent('revoke-failed', () => {
  failures += 1;
});

export function sessionFailures(): number {
  return failures;
}

export function resetSessionFailures(): void {
  failures = 0;
}

/** Unwraps the RMS envelope of GET /user. */
function userFrom(body: unknown): SessionUser {
  const data = (body as { data?: SessionUser })?.data ?? (body as SessionUser);
  return { ...data, permissions: data.permissions ?? [] };
}

/** GET /user (30 s) and the start-up classification of shell spec §4 and §8. */
export async function loadUser(online = globalThis.navigator?.onLine ?? true): Promise<UserLoadResult> {
  try {
    const response = await http.get('/user', { timeout: SESSION_CALL_TIMEOUT, skipCancel: true });
    const user = userFrom(response.data);
    setSessionUser(user);
    return { kind: 'user', user };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const first = firstErrorItem(error.data);
    const notice = STARTUP_NOTICES.find((code) => code === first?.code);
    if (notice) return { kind: 'notice', code: notice, message: first?.message };
    if (error.status === 401) {
      setSessionUser(null);
      return failures >= MAX_SESSION_FAILURES ? { kind: 'maintenance' } : { kind: 'unauthenticated' };
    }
    failures += 1;
    if (failures >= MAX_SESSION_FAILURES) return { kind: 'maintenance' };
    if (error.code === 'ETIMEDOUT') return { kind: 'failed', message: USER_LOAD_MESSAGES.timeout, status: 408 };
    if (error.code === 'ERR_NETWORK' && !online) return { kind: 'failed', message: USER_LOAD_MESSAGES.offline };
    if (error.status && error.status >= 500) return { kind: 'maintenance' };
    return { kind: 'failed', message: USER_LOAD_MESSAGES.failed, status: error.status };
  }
}
