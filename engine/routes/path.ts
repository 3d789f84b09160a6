// Route path templates: `:param` segments filled from a route's params.

/** Fills `:param` and `:param?` segments; unknown optional params are dropped. */
export function fillPath(path: string, params: Record<string, string | number | undefined>): string {
  return (
    path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment;
        const key = segment.replace(/^:/, '').replace(/\?$/, '');
        const value = params[key];
        if (value === undefined || value === '') return segment.endsWith('?') ? null : segment;
        return encodeURIComponent(String(value));
      })
      .filter((segment) => segment !== null)
      .join('/') || '/'
  );
}
