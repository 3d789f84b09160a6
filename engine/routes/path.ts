// Route path templates: `:param` segments filled from a route's params.

/** Whether every `:param` and `:param?` segment of a path has a value (a breadcrumb links only then). */
export function pathParamsPresent(path: string, params: Record<string, string | undefined>): boolean {
  return path.split('/').every((segment) => !segment.startsWith(':') || params[segment.slice(1).replace(/\?$/, '')]);
}

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
