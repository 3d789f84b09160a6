/**
 * Query string of shell spec §7: arrays are comma-joined, null, undefined and
 * empty values (empty strings, empty arrays) are skipped.
 */
export function serializeParams(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(params)) {
    const value = normalise(raw);
    if (value !== undefined) search.append(key, value);
  }
  return search.toString();
}

function normalise(raw: unknown): string | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (Array.isArray(raw)) {
    const parts = raw.filter((item) => item !== null && item !== undefined && item !== '').map(String);
    return parts.length ? parts.join(',') : undefined;
  }
  if (raw instanceof Date) return raw.toISOString();
  const text = String(raw);
  return text === '' ? undefined : text;
}
