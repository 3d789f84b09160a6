// After a successful token refresh (shell spec §4): "the live socket is closed,
// a token-refreshed event is emitted, the app is re-initialised … While
// impersonating, the session is reloaded after refresh."
import { http, onHttpEvent, SESSION_CALL_TIMEOUT } from '../http/client';
import { userFrom } from './load-user';
import { isImpersonating, session, setSessionUser, type SessionUser } from './user';

/** The parts of the running app a new token re-initialises. */
export interface RefreshedApp {
  /** The live socket: closed, and reopened with the new session while channels remain. */
  realtime: { reconnect(): void };
  /** Whether the app runs; during start-up the user load's own retried GET /user answers. */
  running: () => boolean;
  /** The settings store, the language and the theme. */
  reloadPreferences: () => void;
  /** A new token that begins or ends an impersonation reloads the page. */
  reloadPage: () => void;
}

/** Re-initialises the app on every token refresh; returns the function that stops it. */
export function reinitialiseAfterRefresh(app: RefreshedApp): () => void {
  return onHttpEvent('token-refreshed', () => {
    if (!app.running()) return;
    app.realtime.reconnect();
    app.reloadPreferences();
    const wasImpersonating = isImpersonating(session.user as SessionUser | null);
    void http
      .get<{ data?: SessionUser }>('/user', { timeout: SESSION_CALL_TIMEOUT, skipCancel: true, skipAuthRefresh: true })
      .then((response) => {
        if (response.data?.data) setSessionUser(userFrom(response.data));
        if (wasImpersonating !== isImpersonating(session.user as SessionUser | null)) app.reloadPage();
      })
      .catch(() => undefined);
  });
}
