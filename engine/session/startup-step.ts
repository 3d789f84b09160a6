// The first step of start-up (shell spec §2): "If the browser is offline at
// start, it is redirected to /offline.html"; a page that needs no session (the
// standalone pages chosen by path) renders without one; any other path loads
// the session user first.
import { allowedWithoutLogin, isPublicPath, standalonePage } from '../routes/standalone';

export const OFFLINE_PAGE = '/offline.html';

export type StartupStep = 'offline' | 'without-session' | 'session';

export function startupStep(online: boolean, pathname: string, search: string): StartupStep {
  if (!online) return 'offline';
  if (isPublicPath(pathname) || allowedWithoutLogin(standalonePage(pathname), search)) return 'without-session';
  return 'session';
}
