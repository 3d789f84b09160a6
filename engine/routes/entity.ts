// The item a detail route shows (a device, company, hub ...): the API path it
// is read from and the name that replaces the generic title in breadcrumbs.

/** Fills the `:param` placeholders of a route's `entity` path; undefined when one is missing. */
export function entityUrl(template: string, params: Record<string, string | undefined>): string | undefined {
  let missing = false;
  const url = template.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (!value) missing = true;
    return encodeURIComponent(value ?? '');
  });
  return missing ? undefined : url;
}

/** The `name` of an RMS envelope's item (`data` an object, or the first of a list). */
export function entityNameOf(body: unknown): string | undefined {
  const data = (body as { data?: unknown } | null)?.data;
  const item = Array.isArray(data) ? data[0] : data;
  const name = (item as { name?: unknown } | null | undefined)?.name;
  return typeof name === 'string' && name.trim() ? name : undefined;
}
