// A continue_url is followed only when its host equals the request's host
// (shell spec §5); anything else falls back to the console's start page.

export function safeContinueUrl(value: unknown, host: string | undefined, fallback = '/'): string {
  if (typeof value !== 'string' || !value || !host) return fallback;
  try {
    const base = `http://${host}`;
    const url = new URL(value, base);
    if (url.host !== host || !/^https?:$/.test(url.protocol)) return fallback;
    if (url.pathname.startsWith('//')) return fallback;
    return value.startsWith('/') && !value.startsWith('//') ? url.pathname + url.search + url.hash : url.toString();
  } catch {
    return fallback;
  }
}
