import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { APP_VERSION_KEY, http, onHttpEvent } from '../../engine/http/client';
import { realtime } from '../../engine/realtime/socket';
import { loadUser } from '../../engine/session/load-user';
import { LOGIN_PATH, loginUrl, sameHostTarget } from '../../engine/session/redirect';
import { isImpersonating, session, setSessionUser, type SessionUser } from '../../engine/session/user';
import { loadSettings } from '../../engine/stores/settings';
import { ToastHost } from '../../renderer/toasts/ToastHost';
import { createAppRouter } from '../app/router';
import { installChunkReload } from '../app/RouteError';
import { loadLanguage } from '../i18n';
import { startVersionWorker } from '../layout/updateCheck';
import { setupForms } from '../forms/setup';
import { applyTheme, theme } from '../theme/theme';
import { initDarkMode } from '../theme/darkMode';
import { APP_VERSION } from '../version';
import { allowedWithoutLogin, isPublicPath, standalonePage } from './dispatch';
import { OFFLINE_PAGE, watchConnection } from './offline';
import { MaintenancePage, StartupFailurePage, StartupNoticePage } from './notices';

function render(root: Root, node: React.ReactNode) {
  root.render(
    <StrictMode>
      {node}
      <ToastHost />
    </StrictMode>,
  );
}

let appRendered = false;

function renderApp(root: Root) {
  appRendered = true;
  render(root, <RouterProvider router={createAppRouter()} />);
}

/** Session events of the HTTP layer (shell spec §4, §8). */
function listenToSession() {
  onHttpEvent('logged-out', ({ location }) => {
    // During start-up the user load decides where to go (startSession).
    if (!appRendered) return;
    setSessionUser(null);
    realtime.close();
    const target = sameHostTarget(location, window.location);
    // The login page keeps where the user was (continue_url); other answered locations are followed.
    window.location.assign(!target || target.startsWith(LOGIN_PATH) ? loginUrl(window.location) : target);
  });
  onHttpEvent('token-refreshed', () => {
    // The live socket is closed and re-authenticated; the session user is re-read.
    realtime.reconnect();
    const wasImpersonating = isImpersonating(session.user as SessionUser | null);
    void http
      .get<{ data?: SessionUser }>('/user', { timeout: 30_000, skipCancel: true, skipAuthRefresh: true })
      .then((response) => {
        if (response.data?.data)
          setSessionUser({ ...response.data.data, permissions: response.data.data.permissions ?? [] });
        if (wasImpersonating !== isImpersonating(session.user as SessionUser | null)) window.location.reload();
      })
      .catch(() => undefined);
  });
}

async function startSession(root: Root): Promise<void> {
  const result = await loadUser();
  switch (result.kind) {
    case 'user':
      await loadSettings();
      realtime.configure({ url: theme.socketUrl });
      renderApp(root);
      return;
    case 'unauthenticated':
      window.location.assign(loginUrl(window.location));
      return;
    case 'notice':
      render(root, <StartupNoticePage code={result.code} />);
      return;
    case 'maintenance':
      render(root, <MaintenancePage />);
      return;
    case 'failed':
      render(root, <StartupFailurePage message={result.message} onRetry={() => void startSession(root)} />);
  }
}

/** Start-up (shell spec §2, §4): standalone pages by path, offline, the session user, then the app. */
export async function start(element: HTMLElement): Promise<void> {
  if (!navigator.onLine) {
    window.location.replace(OFFLINE_PAGE);
    return;
  }
  installChunkReload();
  // A product-specific anti-forgery cookie name (shell spec §7), set at build time.
  const xsrfCookie = import.meta.env.VITE_XSRF_COOKIE as string | undefined;
  if (xsrfCookie) http.configure({ xsrfCookieName: xsrfCookie });
  applyTheme();
  setupForms();
  initDarkMode();
  if (!localStorage.getItem(APP_VERSION_KEY)) localStorage.setItem(APP_VERSION_KEY, APP_VERSION);
  await loadLanguage();
  listenToSession();
  watchConnection();
  startVersionWorker();
  const root = createRoot(element);
  const { pathname, search } = window.location;
  const page = standalonePage(pathname);
  if (isPublicPath(pathname) || allowedWithoutLogin(page, search)) {
    setSessionUser(null);
    renderApp(root);
    return;
  }
  await startSession(root);
}
