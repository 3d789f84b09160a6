import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { currentLanguage } from '../../engine/i18n/i18n';
import { http, isHttpError, onHttpEvent } from '../../engine/http/client';
import { storeAppVersion } from '../../engine/version/app-version';
import { realtime } from '../../engine/realtime/socket';
import { afterSessionEnd, loadUser } from '../../engine/session/load-user';
import { continueTarget, loginUrl } from '../../engine/session/redirect';
import { session, setSessionUser } from '../../engine/session/user';
import { loadSettings } from '../../engine/stores/settings';
import { logError, logRequestFailure } from '../../engine/stores/error-log';
import { ToastHost } from '../../renderer/toasts/ToastHost';
import { AppRouter } from '../app/router';
import { installChunkReload } from '../app/RouteError';
import { loadLanguage } from '../i18n';
import { startVersionWorker } from '../layout/updateCheck';
import { setupForms } from '../forms/setup';
import { applyTheme, theme } from '../theme/theme';
import { initDarkMode, readDarkMode } from '../theme/darkMode';
import { APP_VERSION } from '../version';
import { standalonePage } from '../../engine/routes/standalone';
import { afterContent } from '../app/afterContent';
import { reinitialiseAfterRefresh } from '../../engine/session/after-refresh';
import { OFFLINE_PAGE, startupStep } from '../../engine/session/startup-step';
import { watchConnection } from './offline';
import { MaintenancePage, StartupFailurePage, StartupNoticePage } from './notices';

/** File transfers start from a page: the list of them loads after the first page's content (not in the first load). */
const TransferProgress = afterContent(() =>
  import('../../renderer/transfers/TransferProgress').then((m) => m.TransferProgress),
);

function render(root: Root, node: React.ReactNode) {
  root.render(
    <StrictMode>
      {node}
      <ToastHost />
      <TransferProgress />
    </StrictMode>,
  );
}

let appRendered = false;

/** Renders the app at the current location; a second call mounts it afresh (a new language shows only so). */
function renderApp(root: Root) {
  appRendered = true;
  render(root, <AppRouter key={Date.now()} standalone={standalonePage(window.location.pathname)} />);
}

function endSession(root: Root, location?: string) {
  setSessionUser(null);
  realtime.close();
  // Three failed revoke (or user-load) attempts show the maintenance screen instead of the login page.
  if (afterSessionEnd() === 'maintenance') {
    render(root, <MaintenancePage />);
    return;
  }
  // The login page keeps where the user was (continue_url); other same-origin locations are followed.
  window.location.assign(continueTarget(location, window.location) ?? loginUrl(window.location));
}

/** Session events of the HTTP layer (shell spec §4, §8). */
function listenToSession(root: Root) {
  onHttpEvent('logged-out', ({ location }) => {
    // During start-up the user load decides where to go (startSession).
    if (appRendered) endSession(root, location);
  });
  // A globally handled error: UNAUTHORIZED while signed in means the session is gone.
  onHttpEvent('global-error', ({ code }) => {
    if (appRendered && code === 'UNAUTHORIZED' && session.status === 'authenticated') endSession(root);
  });
  // After a token refresh the app is re-initialised: the live socket, the session user and the preferences.
  reinitialiseAfterRefresh({
    realtime,
    running: () => appRendered,
    reloadPreferences: () => void reloadPreferences(root),
    reloadPage: () => window.location.reload(),
  });
}

/**
 * The header's error widget logs the session's failed calls and script errors (engine/stores/error-log); a
 * rejected call left unhandled is already logged as the call.
 */
function listenToErrors() {
  onHttpEvent('request-failed', (error) => logRequestFailure(error));
  window.addEventListener('error', (event) => logError({ message: event.message || String(event.error) }));
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    if (!isHttpError(reason)) logError({ message: reason instanceof Error ? reason.message : String(reason) });
  });
}

/** The per-user parts of the app that a new token may change: settings store, language, theme. */
async function reloadPreferences(root: Root): Promise<void> {
  const before = currentLanguage();
  await Promise.all([loadSettings(), loadLanguage()]);
  applyTheme();
  readDarkMode();
  if (currentLanguage() !== before) renderApp(root);
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
  const { pathname, search } = window.location;
  const step = startupStep(navigator.onLine, pathname, search);
  if (step === 'offline') {
    window.location.replace(OFFLINE_PAGE);
    return;
  }
  installChunkReload();
  // A product-specific anti-forgery cookie name (shell spec §7), set at build time.
  const xsrfCookie = import.meta.env.VITE_XSRF_COOKIE as string | undefined;
  if (xsrfCookie) http.configure({ xsrfCookieName: xsrfCookie });
  // A 401 without a session is final: no refresh, no revoke, no logout (engine/http/session-recovery).
  http.configure({ hasSession: () => session.status !== 'unauthenticated' });
  applyTheme();
  setupForms();
  initDarkMode();
  storeAppVersion(localStorage, APP_VERSION);
  await loadLanguage();
  const root = createRoot(element);
  listenToSession(root);
  listenToErrors();
  watchConnection();
  startVersionWorker();
  if (step === 'without-session') {
    setSessionUser(null);
    renderApp(root);
    return;
  }
  await startSession(root);
}
