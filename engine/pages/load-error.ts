// The text a page shows when its endpoint fails: a plain "not found" for a
// missing item (404), else the document's error text followed by the
// server's message (its first error item, or the client's message).
import type { PageDocument } from './types';

export type Translate = (text: string) => string;

/** The HTTP status of a failed request, when it had one. */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

function serverMessage(error: unknown): string {
  const item = (error as { data?: { errors?: { message?: unknown }[] } } | null)?.data?.errors?.[0];
  if (typeof item?.message === 'string' && item.message) return item.message;
  return error instanceof Error ? error.message : String(error);
}

export function loadErrorText(
  doc: Pick<PageDocument, 'error' | 'notFound'>,
  error: unknown,
  t: Translate,
  fallback = 'Failed to load.',
): string {
  if (statusOf(error) === 404) return doc.notFound ?? t('Not found.');
  return `${doc.error ?? t(fallback)} ${serverMessage(error)}`;
}
