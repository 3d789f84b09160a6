/** Login page path (DESIGN.md). */
export const LOGIN_PATH = '/account/login';

/**
 * A continue-url is followed only when its host equals the current host
 * (shell spec §5); answers the path to go to, or undefined.
 */
export function sameHostTarget(
  url: string | null | undefined,
  current: { host: string; origin: string },
): string | undefined {
  if (!url) return undefined;
  try {
    const target = new URL(url, current.origin);
    if (target.host !== current.host || !/^https?:$/.test(target.protocol)) return undefined;
    return `${target.pathname}${target.search}${target.hash}`;
  } catch {
    return undefined;
  }
}

/**
 * The login URL for the current location: continue_url carries where the user
 * was, dropped when it is the login page itself or the app root.
 */
export function loginUrl(current: { pathname: string; search: string }): string {
  const here = `${current.pathname}${current.search}`;
  if (current.pathname === '/' || current.pathname.startsWith(LOGIN_PATH) || current.pathname === '/logout') {
    return LOGIN_PATH;
  }
  return `${LOGIN_PATH}?continue_url=${encodeURIComponent(here)}`;
}

/** Drops a redirect parameter equal to the current location (shell spec §5). */
export function stripSelfRedirect(search: string, pathname: string): string {
  const params = new URLSearchParams(search);
  const target = params.get('continue_url');
  if (target !== null && (target === pathname || target === `${pathname}${search}`)) params.delete('continue_url');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
