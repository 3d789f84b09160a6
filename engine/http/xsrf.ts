/** Anti-forgery defaults of shell spec §9. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readCookie(name: string, cookieString: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

/**
 * Whether a request URL (absolute, or relative to the page) goes to the page's
 * own origin, decided by the URL parser: the XSRF token is never sent elsewhere.
 */
export function isSameOrigin(url: string, pageOrigin: string): boolean {
  try {
    return new URL(url, pageOrigin).origin === new URL(pageOrigin).origin;
  } catch {
    return false;
  }
}
