/** Login page path (docs/architecture.md). */
export const LOGIN_PATH = '/account/login';

/**
 * A continue-url is followed only when it resolves to the current origin
 * (shell spec §5), decided on the URL parser's resolved origin: the answer is
 * the same-origin path to go to, or undefined. The path must resolve to the
 * same place again when navigated to, so dot segments, backslashes,
 * percent-encoded dots and a same-host URL whose path starts with `//` (all
 * of which turn into a protocol-relative `//other.host` path) are refused.
 */
export function sameHostTarget(url: string | null | undefined, current: { origin: string }): string | undefined {
  if (!url) return undefined;
  try {
    const target = new URL(url, current.origin);
    if (target.origin !== current.origin || !/^https?:$/.test(target.protocol)) return undefined;
    const path = `${target.pathname}${target.search}${target.hash}`;
    if (!path.startsWith('/') || path.startsWith('//')) return undefined;
    return new URL(path, current.origin).href === target.href ? path : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a same-origin path is the login page itself, however its path is spelled. */
export function isLoginPath(path: string): boolean {
  try {
    const pathname = decodeURIComponent(new URL(path, 'http://host.invalid').pathname).replace(/\/+$/, '');
    return pathname.toLowerCase() === LOGIN_PATH;
  } catch {
    return false;
  }
}

/**
 * Where to go after sign-in: a same-origin continue_url, dropped when it is
 * the login page itself (shell spec §5). Used by the console and the server.
 */
export function continueTarget(url: string | null | undefined, current: { origin: string }): string | undefined {
  const target = sameHostTarget(url, current);
  return target && !isLoginPath(target) ? target : undefined;
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
