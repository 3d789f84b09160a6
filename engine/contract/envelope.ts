import type { ReceivedErrorItem } from './error-item';

// The one reader of the RMS failure envelope, `{success: false, errors:
// [{code, message, source}]}` (contract 2, docs/architecture.md): the HTTP
// client, the submit pipeline, the pages and the studio read failures only
// through these functions (scripts/contract.test.ts refuses a second reader).
// A failure is an error carrying the parsed body as `data` (the client's
// HttpError), or the body itself.

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The parsed body of a failure (an error's `data`), or undefined when it was not an object. */
export function failureBody(error: unknown): Record<string, unknown> | undefined {
  const data = isObject(error) || error instanceof Error ? (error as { data?: unknown }).data : undefined;
  return isObject(data) ? data : undefined;
}

/**
 * The error items of a failure body, each with a string message (another server may leave the code or the source
 * out: they are then undefined and null).
 */
export function errorItems(body: unknown): ReceivedErrorItem[] {
  const errors = isObject(body) ? body.errors : undefined;
  if (!Array.isArray(errors)) return [];
  return errors.filter(isObject).map((e) => ({
    code: typeof e.code === 'string' ? e.code : undefined,
    message: typeof e.message === 'string' ? e.message : String(e.message ?? ''),
    source: typeof e.source === 'string' ? e.source : null,
  }));
}

/** The first error item of a failure body, if any. */
export function firstErrorItem(body: unknown): ReceivedErrorItem | undefined {
  return errorItems(body)[0];
}

/**
 * The server's words for a failure: the first error item's message, else the
 * fallback (the notifications' 'Failed to get notifications.'), else the
 * client's own message (the revoke-impersonation toast, forms spec §8).
 */
export function serverMessage(error: unknown, fallback?: string): string {
  const first = firstErrorItem(failureBody(error))?.message;
  if (first) return first;
  return fallback ?? (error instanceof Error ? error.message : String(error));
}

/** The `message` of an envelope (a write's `{success: true, message}`, a 423's), when it is a non-empty string. */
export function envelopeMessage(body: unknown): string | undefined {
  const message = isObject(body) ? body.message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * The channel of an asynchronous result (`meta.channel` of a write's envelope): the form or action hands over to
 * the action status dialog, which follows it (forms spec §4).
 */
export function envelopeChannel(body: unknown): string | undefined {
  const meta = isObject(body) ? body.meta : undefined;
  const channel = isObject(meta) ? meta.channel : undefined;
  return typeof channel === 'string' && channel ? channel : undefined;
}
